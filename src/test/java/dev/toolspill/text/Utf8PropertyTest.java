package dev.toolspill.text;

import dev.toolspill.limit.Cut;
import dev.toolspill.limit.Cutter;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * UTF-8 cuts against a reference computed here, code point by code point from the JDK's own encoder: for random
 * text of 1- to 4-byte characters and every budget, a cut is the longest whole-character prefix that fits, byte for
 * byte. Seeded: a failure names the seed that replays it ({@code -Dproperty.seed=N}).
 */
class Utf8PropertyTest {

    static final long SEED = Long.getLong("property.seed", System.nanoTime());
    static final int[] SAMPLES = {'a', '\n', 0x7F, 0xE9, 0x7FF, 0x800, 0x65E5, 0xFFFD, 0xFEFF, 0x10000, 0x1F600, 0x10FFFF, 0};

    static String randomText(Random random, int codePoints) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < codePoints; i++) {
            text.appendCodePoint(random.nextInt(4) == 0 ? SAMPLES[random.nextInt(SAMPLES.length)]
                    : switch (random.nextInt(4)) {
                        case 0 -> 0x20 + random.nextInt(0x5F);
                        case 1 -> 0x80 + random.nextInt(0x780);
                        case 2 -> 0xE000 + random.nextInt(0x1000);
                        default -> 0x10000 + random.nextInt(0x10000);
                    });
        }
        return text.toString();
    }

    /** The reference: whole code points, each encoded alone, while they fit. */
    static byte[] referencePrefix(String text, int budget) {
        byte[] out = new byte[0];
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            byte[] one = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
            if (out.length + one.length > budget) {
                break;
            }
            out = Arrays.copyOf(out, out.length + one.length);
            System.arraycopy(one, 0, out, out.length - one.length, one.length);
            i += Character.charCount(cp);
        }
        return out;
    }

    @Test
    void truncateAndTheCutterKeepTheLongestWholeCharacterPrefixThatFits() {
        Random random = new Random(SEED);
        for (int round = 0; round < 2000; round++) {
            String text = randomText(random, random.nextInt(60));
            byte[] encoded = text.getBytes(StandardCharsets.UTF_8);
            int budget = random.nextInt(encoded.length + 8);
            byte[] expected = referencePrefix(text, budget);
            String context = "seed " + SEED + ", round " + round + ", budget " + budget;

            assertArrayEquals(expected, Utf8.truncate(text, budget).getBytes(StandardCharsets.UTF_8), context);
            assertEquals(encoded.length, Utf8.length(text), context);
            Cut cut = Cutter.UTF8.cut(text, budget);
            assertArrayEquals(expected, cut.shown().getBytes(StandardCharsets.UTF_8), context);
            assertEquals(encoded.length - expected.length, cut.droppedBytes(), context);
        }
    }

    @Test
    void clipFitsItsBudgetAndEndsWithAnEllipsisOnlyWhenItCut() {
        Random random = new Random(SEED + 1);
        for (int round = 0; round < 2000; round++) {
            String text = randomText(random, random.nextInt(60));
            int budget = 4 + random.nextInt(200);
            String clipped = Utf8.clip(text, budget);
            String context = "seed " + SEED + ", round " + round + ", budget " + budget;
            if (text.getBytes(StandardCharsets.UTF_8).length <= budget) {
                assertEquals(text, clipped, context);
            } else {
                byte[] expected = referencePrefix(text, budget - 3);
                assertEquals(new String(expected, StandardCharsets.UTF_8) + Utf8.ELLIPSIS, clipped, context);
                assertTrue(clipped.getBytes(StandardCharsets.UTF_8).length <= budget, context);
            }
        }
    }

    @Test
    void completePrefixEndsOnTheLastCharacterBoundaryAtOrBeforeTheCut() {
        Random random = new Random(SEED + 2);
        for (int round = 0; round < 2000; round++) {
            String text = randomText(random, 1 + random.nextInt(40));
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            int length = random.nextInt(bytes.length + 1);
            // reference: boundaries are where each code point's encoding starts, and the end
            int boundary = 0;
            for (int i = 0, at = 0; i < text.length(); ) {
                int cp = text.codePointAt(i);
                int next = at + new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
                if (next <= length) {
                    boundary = next;
                }
                at = next;
                i += Character.charCount(cp);
            }
            String context = "seed " + SEED + ", round " + round + ", length " + length;
            assertEquals(boundary, Utf8.completePrefix(bytes, length), context);
            assertArrayEquals(Arrays.copyOf(bytes, boundary), Utf8.decodePrefix(bytes, length).getBytes(StandardCharsets.UTF_8), context);
        }
    }
}
