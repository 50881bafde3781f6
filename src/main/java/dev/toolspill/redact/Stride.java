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
 * bytes, bound the stride.) Case is folded by setting bit 5 of every byte: that folds a few punctuation pairs too
 * ({@code _} and DEL), which costs a false alarm at worst, never a miss.
 * The escapes of JSON strings (a backslash) are 2 bytes, too short for a gram: a sample with a backslash in either of
 * its two bytes is a candidate too, so the automaton still reads them and sends the window to the decoded path.
 */
final class Stride {

    /** Positions from one sample to the next. */
    static final int STEP = 2;

    /** Bytes a sample reads. */
    static final int GRAM = 4;

    private static final int BITS = 17; // 16 KiB: a few thousand grams (a padded byte stands for 128 folded values) set about 2 % of it
    private static final int FOLD = 0x20202020;
    private static final int ANY = -1;
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private final long[] table = new long[1 << (BITS - 6)];

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
     * The first sample from {@code q} on (stepping by {@link #STEP}) near which a literal or an escape may start (at
     * {@code q - 1}, {@code q} or {@code q + 1}); past {@code to - GRAM} when none is, where the last bytes are to be
     * read one by one.
     */
    int skip(byte[] bytes, int q, int to) {
        long[] bits = table;
        for (; q <= to - GRAM; q += STEP) {
            int raw = (int) INT.get(bytes, q);
            int hash = (raw | FOLD) * 0x9E3779B1 >>> (32 - BITS);
            int backslash = raw ^ 0x5C5C; // a zero in the two low bytes where one is a backslash
            if ((bits[hash >>> 6] & 1L << hash) != 0 || ((backslash - 0x0101) & ~backslash & 0x8080) != 0) {
                return q;
            }
        }
        return q;
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
            int hash = gram * 0x9E3779B1 >>> (32 - BITS);
            table[hash >>> 6] |= 1L << hash;
            return;
        }
        int c = pattern[at + k];
        for (int value = c == ANY ? 0 : c; value <= (c == ANY ? 255 : c); value++) {
            add(pattern, at, k + 1, gram | (value | 0x20) << (8 * k));
        }
    }
}
