package dev.toolspill.api;

import io.smallrye.mutiny.Multi;
import io.vertx.mutiny.core.buffer.Buffer;


/**
 * A blob's bytes from a store without local files, as a response entity written by {@link BlobBodyWriter} chunk by
 * chunk as the client takes them. Nothing is read before the body is written, so a HEAD request reads nothing.
 * {@code length} is exactly how many bytes will be written: the response's {@code Content-Length}.
 */
public record BlobBody(Multi<Buffer> chunks, long length) {
}
