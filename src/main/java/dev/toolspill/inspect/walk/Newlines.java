package dev.toolspill.inspect.walk;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds newlines eight bytes at a time: a walk from an indexed line to the one asked for passes up to a few hundred
 * lines, and testing every byte of them was most of the cost of a small {@code lines:} selection.
 */
final class Newlines {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    private Newlines() {
    }

    /** The index of the first {@code '\n'} in {@code bytes} at or after {@code from}, or -1. */
    static int next(byte[] bytes, int from) {
        int i = from;
        for (; i + Long.BYTES <= bytes.length; i += Long.BYTES) {
            long x = (long) LONGS.get(bytes, i) ^ NEWLINES; // a newline is a zero byte here
            long zeros = (x - ONES) & ~x & HIGHS; // the lowest flag is exact; higher ones may be borrows
            if (zeros != 0) {
                return i + (Long.numberOfTrailingZeros(zeros) >>> 3);
            }
        }
        for (; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
