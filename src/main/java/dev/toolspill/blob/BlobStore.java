package dev.toolspill.blob;

import dev.toolspill.output.Content;
import io.smallrye.mutiny.Uni;

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

    /** Completes when the store can take writes; fails with the reason otherwise. */
    Uni<Void> checkReady();

    /** Where the store keeps blobs, for logs and health output. */
    String location();
}
