package dev.toolspill.inspect.walk;

import java.io.ByteArrayOutputStream;

/**
 * In one pass from a known line start: where line {@code from} starts, where line {@code after} starts (the end of
 * the selection; the blob's end when there is no such line), and the selection's first bytes (at most {@code cap})
 * on the way. A small selection near an indexed line thus costs one read, not one per end plus one for its bytes.
 */
public final class LineSpanWalker implements BlobWalk.Walker<LineSpanWalker.Span> {

    /** Bytes {@code start..end} of the blob, of which {@code prefix} holds the first (at most the cap). */
    public record Span(long start, long end, byte[] prefix) {
    }

    private final long from;
    private final long after;
    private final long cap;
    private final long blobEnd;
    private final ByteArrayOutputStream prefix = new ByteArrayOutputStream();
    private long line;
    private long position;
    private long start = -1;

    /** {@code line} starts at {@code position}, and {@code line <= from < after}. */
    public LineSpanWalker(long line, long position, long from, long after, long cap, long blobEnd) {
        this.line = line;
        this.position = position;
        this.from = from;
        this.after = after;
        this.cap = cap;
        this.blobEnd = blobEnd;
        if (line == from) {
            start = position;
        }
    }

    @Override
    public Span feed(byte[] chunk) {
        int keepFrom = start >= 0 ? 0 : -1;
        for (int i = Newlines.next(chunk, 0); i >= 0; i = Newlines.next(chunk, i + 1)) {
            line++;
            if (line == from) {
                start = position + i + 1;
                keepFrom = i + 1;
            } else if (line == after) {
                keep(chunk, keepFrom, i + 1);
                return new Span(start, position + i + 1, prefix.toByteArray());
            }
        }
        keep(chunk, keepFrom, chunk.length);
        position += chunk.length;
        return null;
    }

    /** Keeps chunk bytes {@code from..to} of the selection, up to the cap. */
    private void keep(byte[] chunk, int from, int to) {
        if (from < 0) {
            return;
        }
        int n = (int) Math.min(to - from, cap - prefix.size());
        if (n > 0) {
            prefix.write(chunk, from, n);
        }
    }

    @Override
    public Span end() {
        return new Span(start < 0 ? blobEnd : start, blobEnd, prefix.toByteArray());
    }
}
