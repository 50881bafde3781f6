package dev.toolspill.inspect.walk;

/** Finds where line {@code target} starts, counting newlines from a known line start (1-based line numbers). */
public final class LineWalker implements BlobWalk.Walker<Long> {

    private final long target;
    private final long blobEnd;
    private long line;
    private long position;

    public LineWalker(long line, long position, long target, long blobEnd) {
        this.line = line;
        this.position = position;
        this.target = target;
        this.blobEnd = blobEnd;
    }

    @Override
    public Long feed(byte[] chunk) {
        for (int i = Newlines.next(chunk, 0); i >= 0; i = Newlines.next(chunk, i + 1)) {
            if (++line == target) {
                return position + i + 1;
            }
        }
        position += chunk.length;
        return null;
    }

    @Override
    public Long end() {
        return blobEnd;
    }
}
