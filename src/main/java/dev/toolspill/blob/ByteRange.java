package dev.toolspill.blob;

/** A span of bytes: {@code length} bytes from {@code offset}. */
public record ByteRange(long offset, long length) {

    public ByteRange {
        if (offset < 0 || length < 0) {
            throw new IllegalArgumentException("byte range needs offset >= 0 and length >= 0, got " + offset + "+" + length);
        }
    }

    public static ByteRange between(long fromInclusive, long toExclusive) {
        return new ByteRange(fromInclusive, toExclusive - fromInclusive);
    }

    /** The first byte past the range; "to the end" ranges (length {@code Long.MAX_VALUE}) saturate rather than overflow. */
    public long end() {
        long end = offset + length;
        return end < offset ? Long.MAX_VALUE : end;
    }
}
