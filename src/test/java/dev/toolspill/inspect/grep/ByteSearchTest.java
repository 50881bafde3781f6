package dev.toolspill.inspect.grep;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The literal byte search a grep runs, and the newline search it frames lines with. */
class ByteSearchTest {

    @Test
    void aLiteralIsFoundWhereverItIsAndOnlyThere() {
        Random random = new Random(8);
        String alphabet = "abAB\n é😀";
        for (int round = 0; round < 3000; round++) {
            StringBuilder hay = new StringBuilder();
            for (int k = random.nextInt(60); k > 0; k--) {
                hay.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String needle = List.of("a", "ab", "bA", "aBa", "é", "😀a", "a\nb").get(random.nextInt(7));
            boolean fold = random.nextBoolean() && Literal.foldable(needle);
            byte[] bytes = hay.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
            byte[] expected = (fold ? hay.toString().toLowerCase(java.util.Locale.ROOT) : hay.toString()).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            int from = bytes.length == 0 ? 0 : random.nextInt(bytes.length);
            int at = indexOf(expected, (fold ? needle.toLowerCase(java.util.Locale.ROOT) : needle).getBytes(java.nio.charset.StandardCharsets.UTF_8), from);
            assertEquals(at, new Literal(needle, fold).indexOf(bytes, from, bytes.length), needle + (fold ? "/i" : "") + " in " + hay + " from " + from);
        }
    }

    private static int indexOf(byte[] hay, byte[] needle, int from) {
        outer:
        for (int i = from; i + needle.length <= hay.length; i++) {
            for (int k = 0; k < needle.length; k++) {
                if (hay[i + k] != needle[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    @Test
    void newlinesAreCountedAndFoundEightAtATime() {
        Random random = new Random(9);
        for (int round = 0; round < 2000; round++) {
            byte[] bytes = new byte[random.nextInt(70)];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) (random.nextInt(4) == 0 ? '\n' : random.nextInt(256));
            }
            int from = bytes.length == 0 ? 0 : random.nextInt(bytes.length);
            int count = 0;
            int first = -1;
            int last = -1;
            for (int i = from; i < bytes.length; i++) {
                if (bytes[i] == '\n') {
                    count++;
                    first = first < 0 ? i : first;
                    last = i;
                }
            }
            assertEquals(count, ByteSearch.count(bytes, (byte) '\n', from, bytes.length));
            assertEquals(first, ByteSearch.indexOf(bytes, (byte) '\n', from, bytes.length));
            assertEquals(last, ByteSearch.lastIndexOf(bytes, (byte) '\n', from, bytes.length));
        }
    }
}
