package dev.toolspill.inspect.grep;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finding and counting one byte value in a byte array eight bytes at a time (SWAR: each long holds eight bytes), so
 * a search over a large blob touches each byte once, in registers, and allocates nothing.
 */
final class ByteSearch {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;
    /** OR-ing this into eight bytes folds ASCII upper case letters onto lower case ones. */
    static final long FOLD = 0x2020202020202020L;

    private ByteSearch() {
    }

    static long word(byte[] bytes, int at) {
        return (long) LONGS.get(bytes, at);
    }

    /** The byte repeated eight times. */
    static long broadcast(int b) {
        return (b & 0xFFL) * ONES;
    }

    /** 0x80 in each byte of {@code x} that is zero, and nothing elsewhere (exact, unlike the borrow trick). */
    static long zeros(long x) {
        long y = (x & LOW7) + LOW7;
        return ~(y | x | LOW7);
    }

    /** The index of the first {@code b} in {@code bytes[from..to)}, or -1. */
    static int indexOf(byte[] bytes, byte b, int from, int to) {
        long pattern = broadcast(b);
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long found = zeros(word(bytes, i) ^ pattern);
            if (found != 0) {
                return i + (Long.numberOfTrailingZeros(found) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The index of the first byte in {@code bytes[from..to)} that is {@code lower} once ASCII case is folded (so
     * {@code lower} must be a lower case ASCII letter), or -1.
     */
    static int indexOfFolded(byte[] bytes, byte lower, int from, int to) {
        long pattern = broadcast(lower);
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long found = zeros((word(bytes, i) | FOLD) ^ pattern);
            if (found != 0) {
                return i + (Long.numberOfTrailingZeros(found) >>> 3);
            }
        }
        for (; i < to; i++) {
            if ((bytes[i] | 0x20) == lower) {
                return i;
            }
        }
        return -1;
    }

    /** The index of the last {@code b} in {@code bytes[from..to)}, or -1. */
    static int lastIndexOf(byte[] bytes, byte b, int from, int to) {
        long pattern = broadcast(b);
        int i = to - 8;
        for (; i >= from; i -= 8) {
            long found = zeros(word(bytes, i) ^ pattern);
            if (found != 0) {
                return i + ((63 - Long.numberOfLeadingZeros(found)) >>> 3);
            }
        }
        for (int j = Math.min(to, i + 8) - 1; j >= from; j--) {
            if (bytes[j] == b) {
                return j;
            }
        }
        return -1;
    }

    /** How many {@code b} are in {@code bytes[from..to)}. */
    static int count(byte[] bytes, byte b, int from, int to) {
        long pattern = broadcast(b);
        int n = 0;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            n += Long.bitCount(zeros(word(bytes, i) ^ pattern));
        }
        for (; i < to; i++) {
            if (bytes[i] == b) {
                n++;
            }
        }
        return n;
    }
}
