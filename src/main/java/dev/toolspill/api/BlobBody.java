package dev.toolspill.api;

import dev.toolspill.blob.BlobId;
import io.smallrye.mutiny.Multi;
import io.vertx.mutiny.core.buffer.Buffer;


/**
 * A blob's bytes streamed from the store, as a response entity written by {@link BlobBodyWriter} chunk by chunk as
 * the client takes them. Nothing is read before the body is written, so a HEAD request reads nothing.
 * {@code length} is exactly how many bytes will be written: the response's {@code Content-Length}. With a
 * {@code sha256} (the whole blob, and the digest recorded when it was written), the bytes are checked as they go and
 * the last chunk is sent only if they match.
 */
public record BlobBody(Multi<Buffer> chunks, long length, BlobId id, String sha256) {

    public BlobBody(Multi<Buffer> chunks, long length) {
        this(chunks, length, null, null);
    }
}
