package dev.toolspill.scan;

import java.util.Arrays;

/** A growable list of longs, without boxing. */
final class LongList {
    private long[] values = new long[64];
    private int size;

    void add(long value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = value;
    }

    long[] toArray() {
        return Arrays.copyOf(values, size);
    }
}
