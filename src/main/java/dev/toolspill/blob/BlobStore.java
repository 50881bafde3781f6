package dev.toolspill.blob;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * Where stored outputs live, as bytes: a store knows names, sizes and ranges, never lines or JSON.
 * Callers say which {@link BlobFormat} a blob has; {@link BlobLayout} names it. Every call is non-blocking; an
 * unknown id fails with {@link BlobNotFoundException}.
 */
public interface BlobStore {

    /** As {@link #put(BlobId, BlobFormat, byte[], String)}, owned by nobody. */
    default Uni<BlobMetadata> put(BlobId id, BlobFormat format, byte[] bytes) {
        return put(id, format, bytes, null);
    }

    /**
     * Writes the bytes under the blob's name; readers never see them partly written. Its {@link BlobRecord} (the
     * owner, a tenant or null for nobody, and the SHA-256 of the bytes) is kept before the blob becomes visible.
     */
    default Uni<BlobMetadata> put(BlobId id, BlobFormat format, byte[] bytes, String owner) {
        return putRecorded(id, format, bytes, BlobRecord.of(owner, bytes));
    }

    /**
     * {@link #put(BlobId, BlobFormat, byte[], String)} with the bytes' record already made ({@link BlobRecord#of}), so
     * that stores wrapping stores hash the bytes once: the one write every store implements.
     */
    Uni<BlobMetadata> putRecorded(BlobId id, BlobFormat format, byte[] bytes, BlobRecord record);

    /** As {@link #upload(BlobId, BlobFormat, String)}, owned by nobody. */
    default BlobUpload upload(BlobId id, BlobFormat guess) {
        return upload(id, guess, null);
    }

    /**
     * Starts a blob written from a stream; {@code guess} is the format it will most likely have. Its SHA-256 is
     * computed as it is written, and its {@link BlobRecord} kept before it becomes visible. Costs the caller nothing:
     * the upload's calls are asynchronous ({@link BlobUpload}), and whatever it opens, its first write opens.
     */
    BlobUpload upload(BlobId id, BlobFormat guess, String owner);

    /**
     * As {@link #put(BlobId, BlobFormat, byte[], String)}, for an output of a tool this replica ran, which nobody else
     * holds: the store it is in tries again, and keeps the bytes where it can while the shared store is down (this
     * replica's spool: {@link #heldHere} then says so, and they are uploaded under the same id when it answers). Fails
     * only when they cannot be kept anywhere. By default, a put.
     */
    default Uni<BlobMetadata> keep(BlobId id, BlobFormat format, byte[] bytes, String owner) {
        return put(id, format, bytes, owner);
    }

    /**
     * As {@link #upload(BlobId, BlobFormat, String)}, for such an output: kept here from its first byte when the shared
     * store is known to be down. A write that fails later fails the upload. By default, an upload.
     */
    default BlobUpload keepUpload(BlobId id, BlobFormat guess, String owner) {
        return upload(id, guess, owner);
    }

    /** What was recorded when the blob was written; empty for a blob written before records were kept, or none. */
    Uni<Optional<BlobRecord>> readRecord(BlobId id);

    /** Format and size, without reading the content (a file stat, an S3 HEAD). */
    Uni<BlobMetadata> metadata(BlobId id);

    /** The bytes of {@code range}, clipped to the blob's end. For small ranges: the answer is held in memory. */
    Uni<byte[]> read(BlobId id, ByteRange range);

    /**
     * The bytes of {@code range}, clipped to the blob's end, as chunks of bounded size read only as they are
     * requested: a blob of any size streams in bounded memory. Nothing is opened before subscription; cancelling
     * releases what was opened. An unknown id fails the stream, before any chunk, with {@link BlobNotFoundException}.
     */
    Multi<Buffer> stream(BlobId id, ByteRange range);

    /**
     * {@link #stream} for a reader that goes through the whole range as fast as it can (a search): a store may send
     * larger chunks, so a long scan pays fewer hand-offs between threads. The same bytes, in the same order.
     */
    default Multi<Buffer> streamInBulk(BlobId id, ByteRange range) {
        return stream(id, range);
    }

    /** The local file that holds this blob, when the store keeps files: lets the HTTP layer send it with {@code sendfile}. */
    default Optional<Path> localFile(BlobMetadata blob) {
        return Optional.empty();
    }

    /**
     * Whether this replica alone holds the blob (spooled while the shared store was down), so its reads ask the store
     * nothing; by default, no blob is.
     */
    default boolean heldHere(BlobId id) {
        return false;
    }

    /** Keeps index bytes beside the blob ({@link BlobLayout#index}), replacing any there. */
    Uni<Void> putIndex(BlobId id, byte[] index);

    /** The blob's index bytes, or empty when none are kept. */
    Uni<Optional<byte[]>> readIndex(BlobId id);

    /**
     * Removes the blob, under whichever format it has, and everything kept beside it (its read index, its record). A
     * name that is already gone is no error, so replicas may remove the same blob at once and a retry finishes a
     * removal that failed halfway. The index goes first and the record last: a removal cut short leaves a blob that
     * still reads as before, or a record without a blob (which reads as no blob), never a blob without its owner.
     */
    Uni<Void> delete(BlobId id);

    /**
     * The ids of blobs made before {@code cutoff} by the time in their id, then of read indexes made before it that
     * are left without their blob: what retention removes with {@link #delete}. Read lazily, as they are requested,
     * so a large store lists in bounded memory; names that are not Toolspill's are passed over.
     */
    Multi<BlobId> idsBefore(Instant cutoff);

    /**
     * Removes unfinished writes begun before {@code cutoff} that no reader ever sees: temp files under
     * {@link BlobLayout#TMP} on the filesystem, incomplete multipart uploads on S3. Answers how many it removed.
     */
    Uni<Integer> removeUnfinished(Instant cutoff);

    /**
     * Readies the store at start-up (S3 creates a missing bucket when configured to; both remove what writes cut short
     * by a crash left behind); by default, checks it.
     */
    default Uni<Void> prepare() {
        return checkReady();
    }

    /** Completes when the store can take writes; fails with the reason otherwise. */
    Uni<Void> checkReady();

    /**
     * Creates the small object {@code name} (a {@link BlobLayout#contentKey}) holding {@code value}, unless one is
     * there: atomically, among all replicas sharing the store (S3 {@code If-None-Match: *}, a hard link on the
     * filesystem), so of writers racing, exactly one creates it. Answers empty when this call created it, else what
     * the key holds now. By default, a store keeps no keys and fails.
     */
    default Uni<Optional<StoredKey>> createKey(String name, byte[] value) {
        return Uni.createFrom().failure(new UnsupportedOperationException(location() + " keeps no content keys"));
    }

    /** Replaces the key with {@code value} only if it is still the {@code found} one; false when it changed or went. */
    default Uni<Boolean> replaceKey(String name, byte[] value, StoredKey found) {
        return Uni.createFrom().failure(new UnsupportedOperationException(location() + " keeps no content keys"));
    }

    /** What the key holds, or empty when there is none. */
    default Uni<Optional<StoredKey>> readKey(String name) {
        return Uni.createFrom().item(Optional.empty());
    }

    /** Removes the key; one already gone is no error. */
    default Uni<Void> deleteKey(String name) {
        return Uni.createFrom().voidItem();
    }

    /** Where the store keeps blobs, for logs. */
    String location();
}
