package dev.toolspill.inspect;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The word-at-a-time newline search finds what a byte-by-byte one finds, from any start, in any bytes. */
class NewlinesTest {

    /** Bytes where newlines, their neighbours (0x09, 0x0B), zero, 0x80 and 0xFF are common: the cases a word trick gets wrong. */
    @Provide
    Arbitrary<byte[]> bytes() {
        return Arbitraries.frequencyOf(
                        net.jqwik.api.Tuple.of(3, Arbitraries.of((byte) '\n', (byte) 0x09, (byte) 0x0B, (byte) 0, (byte) 0x80, (byte) 0xFF, (byte) 0x8A)),
                        net.jqwik.api.Tuple.of(5, Arbitraries.bytes()))
                .array(byte[].class).ofMaxSize(80);
    }

    @Property(tries = 1000)
    void findsTheFirstNewlineFromAnyStart(@ForAll("bytes") byte[] bytes, @ForAll @IntRange(max = 80) int from) {
        int start = Math.min(from, bytes.length);
        int expected = -1;
        for (int i = start; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                expected = i;
                break;
            }
        }
        assertEquals(expected, Newlines.next(bytes, start));
    }
}
