package dev.toolspill.api;

import dev.toolspill.blob.ByteRange;
import io.smallrye.mutiny.Multi;
import io.vertx.mutiny.core.buffer.Buffer;

import java.nio.file.Path;

/**
 * A blob's bytes as a response entity, written by {@link BlobBodyWriter} without ever holding them all.
 * Nothing is read before the body is written, so a HEAD request, which never writes it, reads nothing.
 */
public sealed interface BlobBody {

    /** Exactly how many bytes will be written: the response's {@code Content-Length}. */
    long length();

    /** Bytes of a local file, sent zero-copy by the kernel. */
    record FileRegion(Path file, ByteRange range) implements BlobBody {
        @Override
        public long length() {
            return range.length();
        }
    }

    /** Chunks of a store's stream, written as the client takes them. */
    record Chunks(Multi<Buffer> chunks, long length) implements BlobBody {
    }
}
