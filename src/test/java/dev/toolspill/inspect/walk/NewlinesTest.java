package dev.toolspill.inspect.walk;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The word-at-a-time newline search finds what a byte-by-byte one finds, from any start, in any bytes. */
class NewlinesTest {

    /** The bytes a word trick gets wrong: newlines, their neighbours (0x09, 0x0B), zero, 0x80 and 0xFF. */
    private static final byte[] TRICKY = {'\n', 0x09, 0x0B, 0, (byte) 0x80, (byte) 0xFF, (byte) 0x8A};

    /** Up to 80 bytes, three in eight of them tricky, the rest any byte. */
    private static byte[] bytes(Random random) {
        byte[] bytes = new byte[random.nextInt(81)];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = random.nextInt(8) < 3 ? TRICKY[random.nextInt(TRICKY.length)] : (byte) random.nextInt(256);
        }
        return bytes;
    }

    @Test
    void findsTheFirstNewlineFromAnyStart() {
        Random random = new Random(31);
        for (int round = 0; round < 5000; round++) {
            byte[] bytes = bytes(random);
            int start = Math.min(random.nextInt(81), bytes.length);
            int expected = -1;
            for (int i = start; i < bytes.length; i++) {
                if (bytes[i] == '\n') {
                    expected = i;
                    break;
                }
            }
            assertEquals(expected, Newlines.next(bytes, start), "from " + start + " in " + Arrays.toString(bytes));
        }
    }
}
