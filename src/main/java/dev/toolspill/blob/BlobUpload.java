package dev.toolspill.blob;

import java.io.IOException;

/**
 * A blob written from a stream as its bytes arrive, in bounded memory. Its calls block: make them
 * from a worker thread, one at a time. Nothing is visible under the blob's name before
 * {@link #commit}; {@link #abort} leaves nothing behind.
 */
public interface BlobUpload {

    void write(byte[] bytes, int offset, int length) throws IOException;

    /** Makes the blob visible under the name of its final {@code format}, which may differ from the guess it started with. */
    BlobMetadata commit(BlobFormat format) throws IOException;

    /** What {@link #commit} kept beside the blob (owner, SHA-256, size); only known once it has committed. */
    BlobRecord record();

    /** Drops what was written. Safe to call after a failure, and more than once. */
    void abort();
}
