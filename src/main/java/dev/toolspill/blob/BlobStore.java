package dev.toolspill.blob;

import dev.toolspill.output.Content;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where stored outputs live. A blob is named {@code blobs/<uuid>.txt} or {@code blobs/<uuid>.json}
 * and is readable from that name alone. Every call is non-blocking; an unknown id fails with
 * {@link BlobNotFoundException}.
 */
public interface BlobStore {

    /** Writes the content under a fresh name; readers never see it partly written. */
    Uni<BlobInfo> store(BlobId id, Content content);

    Uni<Content> load(BlobId id);

    Uni<Boolean> exists(BlobId id);

    Uni<BlobInfo> stat(BlobId id);

    /** The bytes of {@code range}, clipped to the blob's end. */
    Uni<byte[]> read(BlobId id, ByteRange range);

    /**
     * Kind and size, without reading the content (a file stat, an S3 HEAD): what an HTTP read needs to answer
     * ranges and conditional requests before it streams anything.
     */
    Uni<BlobMetadata> metadata(BlobId id);

    /**
     * The bytes of {@code range}, clipped to the blob's end (empty when the range starts at or past it), as chunks
     * of bounded size read only as they are requested: a blob of any size streams in bounded memory. Nothing is
     * opened before subscription; cancelling releases what was opened. An unknown id fails the stream, before
     * any chunk, with {@link BlobNotFoundException}.
     */
    Multi<Buffer> stream(BlobId id, ByteRange range);

    /**
     * The local file that holds this blob, when the store keeps blobs on a local filesystem: lets the HTTP layer
     * send it zero-copy ({@code sendfile}) instead of through {@link #stream}. Stores without one, like S3, keep
     * this default.
     */
    default Optional<Path> localFile(BlobMetadata blob) {
        return Optional.empty();
    }

    /** Starts a blob written from a stream (call from a worker thread); {@code guess} is the kind it will most likely be. */
    BlobUpload upload(BlobId id, BlobKind guess) throws IOException;

    /** Keeps a read index beside the blob ({@code index/<uuid>.idx}), never inside its name. */
    Uni<Void> storeIndex(BlobId id, byte[] index);

    /** The blob's read index, or empty when it has none (written earlier, or by another tool). */
    Uni<Optional<byte[]>> loadIndex(BlobId id);

    /** Completes when the store can take writes; fails with the reason otherwise. */
    Uni<Void> checkReady();

    /** Where the store keeps blobs, for logs and health output. */
    String location();
}
