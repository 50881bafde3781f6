package dev.toolspill.ingest;

import dev.toolspill.history.Admitted;
import dev.toolspill.scan.ReadIndex;
import dev.toolspill.scan.StreamScanner;
import io.vertx.mutiny.core.buffer.Buffer;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The first bytes of a body, up to the inline threshold, a byte order mark and one byte more: enough to tell an output
 * that stays inline from one that is stored, before anything is stored.
 */
final class Head {

    private final byte[] bytes;
    private int size;

    Head(int inlineMaxBytes) {
        this.bytes = new byte[inlineMaxBytes + 4];
    }

    /** Takes what fits of the chunk; answers the rest of it, or null when it all fit. */
    Buffer take(Buffer chunk) {
        int copy = Math.min(chunk.length(), bytes.length - size);
        chunk.getDelegate().getBytes(0, copy, bytes, size);
        size += copy;
        return copy < chunk.length() ? chunk.slice(copy, chunk.length()) : null;
    }

    /** Full: the body is longer than any inline output, so it is stored. */
    boolean full() {
        return size == bytes.length;
    }

    /** The bytes without a byte order mark: a mark is not content, and a stored blob never starts with one. */
    byte[] content() {
        return StreamIngest.withoutBom(Arrays.copyOf(bytes, size));
    }

    /** Bytes of the mark that {@link #content} left out. */
    int dropped() {
        return size - content().length;
    }

    /**
     * What history holds for a whole body this short when it stays inline (it fits the limit, or there is no store);
     * null when it is stored after all. A body that is not what it claims fails with {@link StreamIngest.RefusedException}.
     */
    Admitted inline(StreamIngest.Stages stages, StreamIngest.Job job) {
        byte[] content = content();
        if (content.length > stages.inlineMaxBytes()) {
            return null;
        }
        StreamIngest.finish(StreamIngest.feed(new StreamScanner(stages.settings(), job.json(), ReadIndex.EVERY).after(dropped()),
                content, content.length));
        String text = new String(content, StandardCharsets.UTF_8);
        boolean keepsAll = !stages.store().available() || !stages.limit().exceeds(job.tool(), text);
        return keepsAll ? stages.gate().admitInline(job.tool(), text) : null;
    }
}
