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

    public long end() {
        return offset + length;
    }
}
