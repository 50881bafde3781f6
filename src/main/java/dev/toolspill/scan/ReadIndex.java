package dev.toolspill.scan;

import dev.toolspill.blob.ByteRange;

import java.util.Map;

/**
 * Where to start reading in a blob, so a selector reads the bytes it needs and not the whole blob. Text: the offset
 * of line {@code 1 + i * every}. JSON array: the offset of element {@code i * every} (and where the array closes).
 * JSON object: the span of each top-level value. It also records the blob's size (checked before it is trusted)
 * and the shape its summary shows; for a text, its longest line. Kept beside the blob, never inside it; a blob
 * without one is read by scanning.
 */
public record ReadIndex(BlobKind kind, long bytes, long count, int every, long[] offsets, long end,
                        Map<String, ByteRange> values, Shape shape, Line longest) {

    /**
     * A line: its 1-based number, where it starts and its length in bytes without its {@code \n} or {@code \r\n}
     * (number 0 for a text with no lines). The first of several equally long lines.
     */
    public record Line(long number, long offset, long bytes) {
    }

    /** Lines (or array elements) between two index entries: reads near any position scan at most this many. */
    public static final int EVERY = 512;

    static ReadIndex text(long bytes, long lines, int every, long[] offsets, Shape shape, Line longest) {
        return new ReadIndex(BlobKind.TEXT, bytes, lines, every, offsets, bytes, Map.of(), shape, longest);
    }

    static ReadIndex array(long bytes, long entries, int every, long[] offsets, long end, Shape shape) {
        return new ReadIndex(BlobKind.JSON_ARRAY, bytes, entries, every, offsets, end, Map.of(), shape, null);
    }

    /**
     * {@code keys} may be more than {@code values}: keys past the cap have no span kept; they are found by reading on
     * from {@code unindexedFrom}, the end of the value before the first of them (the one offset an object keeps).
     */
    static ReadIndex object(long bytes, long keys, long end, Map<String, ByteRange> values, long unindexedFrom, Shape shape) {
        long[] offsets = keys > values.size() ? new long[] {unindexedFrom} : new long[0];
        return new ReadIndex(BlobKind.JSON_OBJECT, bytes, keys, EVERY, offsets, end, values, shape, null);
    }

    /** Where the keys without a span begin (see {@link #allKeysIndexed}). */
    public long unindexedFrom() {
        return offsets.length > 0 ? offsets[0] : end;
    }

    /** Whether every top-level key of an object has its span here. */
    public boolean allKeysIndexed() {
        return values.size() >= count;
    }

    /** Offset of the indexed line or element at or before {@code position} (line number 1-based, element 0-based). */
    public long startBefore(long position) {
        return offsets[slot(position)];
    }

    /** The line number (text) or element index (array) that {@link #startBefore} starts at. */
    public long positionBefore(long position) {
        long slot = slot(position);
        return kind == BlobKind.TEXT ? slot * every + 1 : slot * every;
    }

    private int slot(long position) {
        long slot = kind == BlobKind.TEXT ? (position - 1) / every : position / every;
        return (int) Math.min(slot, offsets.length - 1);
    }

    /**
     * Its size in memory, for a cache bounded by bytes: per key a map entry (about 48 bytes), the key string (about
     * 56 bytes and its characters) and its span (32 bytes), measured with a class histogram; offsets are a long each.
     */
    public long weight() {
        long keys = 0;
        for (String key : values.keySet()) {
            keys += 160 + 2L * key.length();
        }
        return 4096 + 8L * offsets.length + keys;
    }
}
