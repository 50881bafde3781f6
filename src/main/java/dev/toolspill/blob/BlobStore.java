package dev.toolspill.blob;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where stored outputs live, as bytes: a store knows names, sizes and ranges, never lines or JSON.
 * Callers say which {@link BlobFormat} a blob has; {@link BlobLayout} names it. Every call but
 * {@link #upload} is non-blocking; an unknown id fails with {@link BlobNotFoundException}.
 */
public interface BlobStore {

    /** Whether this is a real store; false only for {@link NoBlobStore} ({@code toolspill.blob-store.type=none}). */
    default boolean available() {
        return true;
    }

    /** Writes the bytes under the blob's name; readers never see them partly written. */
    Uni<BlobMetadata> put(BlobId id, BlobFormat format, byte[] bytes);

    /** Starts a blob written from a stream; {@code guess} is the format it will most likely have. Blocks: call from a worker. */
    BlobUpload upload(BlobId id, BlobFormat guess) throws IOException;

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

    /** The local file that holds this blob, when the store keeps files: lets the HTTP layer send it with {@code sendfile}. */
    default Optional<Path> localFile(BlobMetadata blob) {
        return Optional.empty();
    }

    /** Keeps index bytes beside the blob ({@link BlobLayout#index}), replacing any there. */
    Uni<Void> putIndex(BlobId id, byte[] index);

    /** The blob's index bytes, or empty when none are kept. */
    Uni<Optional<byte[]>> readIndex(BlobId id);

    /** Readies the store at start-up (S3 creates a missing bucket when configured to); by default, checks it. */
    default Uni<Void> prepare() {
        return checkReady();
    }

    /** Completes when the store can take writes; fails with the reason otherwise. */
    Uni<Void> checkReady();

    /** Where the store keeps blobs, for logs. */
    String location();
}
