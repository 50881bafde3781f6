package dev.toolspill.redact;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The prefilter's skip: it reads the bytes at every other position only (the samples), 4 at a time, and tells where a
 * literal may be near. Each literal puts two 4-byte grams into a hashed bit table: the 4 bytes it starts with and the 4
 * from its second byte. A literal of 4 bytes is padded after with any byte, one of 3 before and after, so that every
 * literal spans two grams at consecutive positions, and of two consecutive positions one is a sample. So a sample
 * whose gram is not in the table starts no literal there, none one byte before it and no 3-byte one one byte after.
 * (A sampled q-gram filter, as Wu-Manber's shift table with blocks of 4 and a shift of 2; the shortest literals, 3
 * bytes, bound the stride.) Two tables with two hashes (a Bloom filter): a gram passes when it is in both, so a
 * false alarm (the automaton reading a few bytes for nothing) is rare, and the first, larger one alone decides for
 * nearly every sample. Case is folded by setting bit 5 of every byte: that folds a few punctuation pairs too ({@code _}
 * and DEL), which costs a false alarm at worst, never a miss.
 * The escapes of JSON strings are 2 bytes, too short for a gram: {@link #escape} finds them apart, 8 bytes a step.
 */
final class Stride {

    /** Positions from one sample to the next. */
    static final int STEP = 2;

    /** Bytes a sample reads. */
    static final int GRAM = 4;

    /** Positions one branch-free block of samples covers (8 samples). */
    private static final int BLOCK = 8;

    private static final int BITS = 18; // 32 KiB: about 3200 grams (a padded byte stands for 128 folded values) set 1.2 % of it
    private static final int BITS2 = 16; // 8 KiB, 5 % set: of the grams that pass the first table, 1 in 20 passes both
    private static final int HASH = 0x9E3779B1;
    private static final int HASH2 = 0x85EBCA77;
    private static final int FOLD = 0x20202020;
    private static final int ANY = -1;
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long BACKSLASHES = 0x5C5C5C5C5C5C5C5CL;
    private static final long LOWS = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    private final long[] table = new long[1 << (BITS - 6)];
    private final long[] table2 = new long[1 << (BITS2 - 6)];

    /** {@code literals}: every literal of every rule, 3 bytes or more. */
    Stride(List<String> literals) {
        for (String literal : literals) {
            byte[] bytes = literal.getBytes(StandardCharsets.UTF_8);
            if (bytes.length < 3) {
                throw new IllegalArgumentException("a redaction literal has 3 bytes or more (the prefilter skips by 2): '" + literal + "'");
            }
            int[] padded = padded(bytes);
            add(padded, 0, 0, 0);
            add(padded, 1, 0, 0);
        }
    }

    /**
     * The first sample from {@code q} on (stepping by {@link #STEP}) near which a literal may start (at {@code q - 1},
     * {@code q} or {@code q + 1}); past {@code to - GRAM} when none is, where the last bytes are to be read one by one.
     */
    int skip(byte[] bytes, int q, int to) {
        int last = to - GRAM;
        for (; q + BLOCK + 4 <= to; q += BLOCK) { // the block reads bytes [q, q + 12)
            if (blockPasses(bytes, q)) {
                int found = first(bytes, q, q + BLOCK);
                if (found >= 0) {
                    return found;
                }
            }
        }
        int found = first(bytes, q, last + 1);
        return found >= 0 ? found : q + (Math.max(0, last + 1 - q) + STEP - 1) / STEP * STEP;
    }

    /**
     * Whether any of the {@value #BLOCK} / 2 samples from {@code q} on is in the first table: read without a branch, so
     * that the loop's compiled form does not depend on how often earlier text had candidates (a loop compiled after
     * dense text, where a candidate came every few bytes, ran three times slower over plain text than before it).
     */
    private boolean blockPasses(byte[] bytes, int q) {
        long[] t = table;
        long low = (long) LONG.get(bytes, q);
        long high = (long) LONG.get(bytes, q + 4);
        long any = probe(t, (int) low) | probe(t, (int) (low >>> 16)) | probe(t, (int) high) | probe(t, (int) (high >>> 16));
        return (any & 1) != 0;
    }

    /** The first table's bit of the gram at {@code q}, as bit 0 (a long shifts by its low 6 bits). */
    private static long probe(long[] table, int gram) {
        int hash = (gram | FOLD) * HASH >>> (32 - BITS);
        return table[hash >>> 6] >>> hash;
    }

    /** The first sample in {@code [q, until)} (stepping by {@link #STEP}) whose gram is in both tables, or -1. */
    private int first(byte[] bytes, int q, int until) {
        for (; q < until; q += STEP) {
            int gram = (int) INT.get(bytes, q) | FOLD;
            int hash = gram * HASH >>> (32 - BITS);
            if ((table[hash >>> 6] & 1L << hash) != 0) {
                int hash2 = gram * HASH2 >>> (32 - BITS2);
                if ((table2[hash2 >>> 6] & 1L << hash2) != 0) {
                    return q;
                }
            }
        }
        return -1;
    }

    /**
     * Where the first escape the rules may read through ends in {@code bytes[from, to)} (a backslash and {@code u},
     * {@code /} or {@code "}, either case as the automaton folds it), or -1: the bytes are read 8 at a time for a
     * backslash (a byte equal to it is a zero after an exclusive or, and {@code (x - 0x01..) & ~x & 0x80..} is not
     * zero when a byte of {@code x} is).
     */
    static int escape(byte[] bytes, int from, int to) {
        int i = from;
        for (; i <= to - 8; i += 8) {
            long x = (long) LONG.get(bytes, i) ^ BACKSLASHES;
            if (((x - LOWS) & ~x & HIGHS) != 0) {
                int end = escapeIn(bytes, i, i + 8, to);
                if (end >= 0) {
                    return end;
                }
            }
        }
        return escapeIn(bytes, i, to, to);
    }

    private static int escapeIn(byte[] bytes, int from, int until, int to) {
        for (int i = from; i < until && i + 1 < to; i++) {
            if (bytes[i] == '\\') {
                byte e = bytes[i + 1];
                if (e == 'u' || e == 'U' || e == '/' || e == '"') {
                    return i + 2;
                }
            }
        }
        return -1;
    }

    /** Two grams' worth: 3 bytes get any byte before and after, 4 bytes any byte after. */
    private static int[] padded(byte[] bytes) {
        int pad = bytes.length == 3 ? 1 : 0;
        int[] padded = new int[Math.max(bytes.length + pad, GRAM) + 1];
        java.util.Arrays.fill(padded, ANY);
        for (int i = 0; i < bytes.length; i++) {
            padded[pad + i] = bytes[i] & 0xFF;
        }
        return padded;
    }

    /** Sets the gram of {@code pattern[at, at + GRAM)}, every value of a padded byte, from its byte {@code k} on. */
    private void add(int[] pattern, int at, int k, int gram) {
        if (k == GRAM) {
            int hash = gram * HASH >>> (32 - BITS);
            table[hash >>> 6] |= 1L << hash;
            int hash2 = gram * HASH2 >>> (32 - BITS2);
            table2[hash2 >>> 6] |= 1L << hash2;
            return;
        }
        int c = pattern[at + k];
        for (int value = c == ANY ? 0 : c; value <= (c == ANY ? 255 : c); value++) {
            add(pattern, at, k + 1, gram | (value | 0x20) << (8 * k));
        }
    }
}
