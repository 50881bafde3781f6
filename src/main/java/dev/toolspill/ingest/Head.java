package dev.toolspill.ingest;

import dev.toolspill.history.Admitted;
import dev.toolspill.scan.ReadIndex;
import dev.toolspill.scan.StreamScanner;
import io.vertx.mutiny.core.buffer.Buffer;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The first bytes of a body after its leading byte order marks, up to the inline threshold and one byte more: enough to tell an output
 * that stays inline from one that is stored, before anything is stored.
 */
final class Head {

    private static final byte[] MARK = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private final byte[] bytes;
    private int size;
    /** Bytes of whole leading marks skipped so far. */
    private int dropped;
    /** How many bytes of a mark the body has begun with since the last whole mark (0 to 2). */
    private int partialMark;
    /** Past the leading marks: from here on every byte is content. */
    private boolean inContent;

    Head(int inlineMaxBytes) {
        this.bytes = new byte[inlineMaxBytes + 1]; // one byte more than inline: then it is stored
    }

    /**
     * Takes what fits of the chunk, after every byte order mark that leads the body (however many, in whatever chunks
     * they come: a mark is not content, and a stored blob never starts with one); answers the rest of it, or null when
     * it all fit.
     */
    Buffer take(Buffer chunk) {
        int from = inContent ? 0 : skipMarks(chunk);
        int copy = Math.min(chunk.length() - from, bytes.length - size);
        chunk.getDelegate().getBytes(from, from + copy, bytes, size);
        size += copy;
        return from + copy < chunk.length() ? chunk.slice(from + copy, chunk.length()) : null;
    }

    /** Skips the marks at the start of this chunk; answers where its content starts (its length when none yet). */
    private int skipMarks(Buffer chunk) {
        int i = 0;
        while (i < chunk.length()) {
            if (chunk.getByte(i) != MARK[partialMark]) {
                inContent = true;
                System.arraycopy(MARK, 0, bytes, size, partialMark); // a mark begun but not finished is content
                size += partialMark;
                partialMark = 0;
                return i;
            }
            i++;
            partialMark++;
            if (partialMark == MARK.length) {
                dropped = dropped > Integer.MAX_VALUE - MARK.length ? dropped : dropped + MARK.length;
                partialMark = 0;
            }
        }
        return i;
    }

    /** Full: the body is longer than any inline output, so it is stored. */
    boolean full() {
        return size == bytes.length;
    }

    /** The content so far: the bytes after the leading marks (with a mark the body ended in the middle of). */
    byte[] content() {
        if (!inContent && partialMark > 0) {
            return Arrays.copyOf(MARK, partialMark);
        }
        return Arrays.copyOf(bytes, size);
    }

    /** Bytes of the leading marks that {@link #content} left out. */
    int dropped() {
        return dropped;
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
        boolean keepsAll = !stages.kind().keepsBlobs() || !stages.limit().exceeds(job.tool(), text);
        return keepsAll ? stages.gate().admitInline(job.tool(), text) : null;
    }
}
