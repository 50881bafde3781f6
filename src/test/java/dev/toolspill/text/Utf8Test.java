package dev.toolspill.text;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class Utf8Test {

    /** 1-, 2-, 3- and 4-byte characters, including the edges of each width. */
    private static final String MIXED = "a\u007F\u0080é\u07FF\u0800日本\uFFFD\uFFFF😀\uD800\uDC00\uDBFF\uDFFFz";

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "é", "日本語", "😀", "a é 日 😀", "\u007F\u0080\u07FF\u0800\uFFFF", "\uD800\uDC00\uDBFF\uDFFF",
            "résumé – naïve 東京 🚀🎉 done", "\r\n\t\u0000"})
    void lengthIsTheUtf8ByteCount(String s) {
        assertEquals(s.getBytes(StandardCharsets.UTF_8).length, Utf8.length(s));
    }

    @Test
    void lengthOfTheMixedSampleCountsEachWidth() {
        // a(1) 7F(1) 80(2) é(2) 7FF(2) 800(3) 日(3) 本(3) FFFD(3) FFFF(3) 😀(4) 10000(4) 10FFFF(4) z(1)
        assertEquals(36, Utf8.length(MIXED));
        assertEquals(MIXED.getBytes(StandardCharsets.UTF_8).length, Utf8.length(MIXED));
    }

    @ParameterizedTest
    @ValueSource(strings = {"\uD800", "\uDFFF", "a\uDC00b", "\uDE00\uD83D", "x\uD83D"})
    void lengthCountsALoneSurrogateAsTheQuestionMarkItIsEncodedAs(String s) {
        assertEquals(s.getBytes(StandardCharsets.UTF_8).length, Utf8.length(s));
    }

    @Test
    void lengthAcceptsAnyCharSequence() {
        assertEquals(7, Utf8.length(new StringBuilder("ab😀c")));
    }

    @Test
    void truncateKeepsTheWholeStringWhenItFits() {
        assertEquals("héllo", Utf8.truncate("héllo", 6));
        assertEquals("héllo", Utf8.truncate("héllo", 100));
    }

    @Test
    void truncateToZeroOrLessIsEmpty() {
        assertEquals("", Utf8.truncate("abc", 0));
        assertEquals("", Utf8.truncate("abc", -5));
    }

    @Test
    void truncateNeverSplitsATwoByteCharacter() {
        // "aé" is 61 C3 A9: a cut at 2 bytes would fall inside é
        assertEquals("a", Utf8.truncate("aéb", 2));
        assertEquals("aé", Utf8.truncate("aéb", 3));
        assertEquals("aéb", Utf8.truncate("aéb", 4));
    }

    @Test
    void truncateNeverSplitsAThreeByteCharacter() {
        assertEquals("a", Utf8.truncate("a日本", 2));
        assertEquals("a", Utf8.truncate("a日本", 3));
        assertEquals("a日", Utf8.truncate("a日本", 4));
        assertEquals("a日", Utf8.truncate("a日本", 6));
        assertEquals("a日本", Utf8.truncate("a日本", 7));
    }

    @Test
    void truncateNeverSplitsAFourByteCharacterOrItsSurrogatePair() {
        assertEquals("ab", Utf8.truncate("ab😀c", 3));
        assertEquals("ab", Utf8.truncate("ab😀c", 4));
        assertEquals("ab", Utf8.truncate("ab😀c", 5));
        assertEquals("ab😀", Utf8.truncate("ab😀c", 6));
        assertEquals("ab😀c", Utf8.truncate("ab😀c", 7));
    }

    @Test
    void truncateGivesTheLongestWholeCharacterPrefixAtEveryCut() {
        byte[] full = MIXED.getBytes(StandardCharsets.UTF_8);
        for (int max = 0; max <= full.length + 2; max++) {
            String cut = Utf8.truncate(MIXED, max);
            assertTrue(MIXED.startsWith(cut), "prefix at " + max);
            int bytes = cut.getBytes(StandardCharsets.UTF_8).length;
            assertTrue(bytes <= max, "fits at " + max);
            assertEquals(bytes, Utf8.length(cut), "no lone surrogate at " + max);
            assertRoundTrips(cut);
            if (cut.length() < MIXED.length()) {
                int next = MIXED.codePointAt(cut.length());
                int nextBytes = new String(Character.toChars(next)).getBytes(StandardCharsets.UTF_8).length;
                assertTrue(bytes + nextBytes > max, "longest at " + max + ": the next character would have fitted");
            }
        }
    }

    @Test
    void clipLeavesAFittingStringUntouched() {
        String s = "héllo 日本 😀";
        int bytes = Utf8.length(s);
        assertSame(s, Utf8.clip(s, bytes));
        assertSame(s, Utf8.clip(s, bytes + 1));
        assertFalse(Utf8.clip(s, 1000).endsWith(Utf8.ELLIPSIS));
    }

    @Test
    void clipMarksACutWithTheEllipsisInsideTheBudget() {
        assertEquals("…", Utf8.ELLIPSIS);
        assertEquals("abcdefg", Utf8.clip("abcdefg", 7));
        assertEquals("abc…", Utf8.clip("abcdefg", 6));
        assertEquals("ab…", Utf8.clip("abcdefg", 5));
        assertEquals("a…", Utf8.clip("abcdefg", 4));
    }

    @Test
    void clipCutsMultiByteTextOnCharacterBoundaries() {
        // 日本語です is 15 bytes; 8 - 3 for the mark leaves 5 bytes: one 3-byte character
        assertEquals("日…", Utf8.clip("日本語です", 8));
        assertEquals("日本…", Utf8.clip("日本語です", 9));
        // 😀😀😀 is 12 bytes; 8 - 3 leaves 5 bytes: one 4-byte character
        assertEquals("😀…", Utf8.clip("😀😀😀", 8));
        assertEquals("😀…", Utf8.clip("😀😀😀", 10));
        assertEquals("😀😀…", Utf8.clip("😀😀😀", 11));
        assertEquals("é…", Utf8.clip("ééé", 5));
        assertEquals("…", Utf8.clip("😀😀😀", 6));
    }

    @Test
    void clipBelowFourBytesHasNoRoomForTheMarkAndOnlyTruncates() {
        assertEquals("abc", Utf8.clip("abcdefg", 3));
        assertEquals("a", Utf8.clip("abcdefg", 1));
        assertEquals("", Utf8.clip("abcdefg", 0));
        assertEquals("", Utf8.clip("😀😀", 3));
    }

    @Test
    void clipBelowFourBytesNeverSplitsASurrogatePair() {
        assertEquals("", Utf8.clip("😀😀", 1));
        assertEquals("a", Utf8.clip("a😀", 2));
        assertEquals("x", Utf8.clip("x😀x😀", 2));
        for (String s : new String[]{"😀😀", "a😀", "x😀x😀", "😀🎉🚀"}) {
            for (int max = 0; max < 4; max++) {
                assertRoundTrips(Utf8.clip(s, max));
            }
        }
    }

    @Test
    void clipNeverExceedsTheBudgetAndMarksEveryCutAtEveryBudget() {
        String[] samples = {MIXED, "plain ascii text", "日本語のテキストです", "😀🎉🚀👍🏽", "é".repeat(30), "x😀".repeat(12)};
        for (String s : samples) {
            int total = Utf8.length(s);
            for (int max = 0; max <= total + 2; max++) {
                String clipped = Utf8.clip(s, max);
                int bytes = clipped.getBytes(StandardCharsets.UTF_8).length;
                assertTrue(bytes <= max, () -> "over budget: " + clipped);
                if (max < 4) {
                    // no room for a mark: see clipBelowFourBytesHasNoRoomForTheMarkAndOnlyTruncates and the BUG test below
                    assertTrue(s.startsWith(clipped));
                    continue;
                }
                assertRoundTrips(clipped);
                if (total <= max) {
                    assertEquals(s, clipped, "fits, so no mark");
                } else {
                    assertTrue(clipped.endsWith(Utf8.ELLIPSIS), () -> "cut without mark: " + clipped);
                    String kept = clipped.substring(0, clipped.length() - 1);
                    assertTrue(s.startsWith(kept), "kept part is a prefix");
                    // the longest prefix that leaves room for the mark
                    assertEquals(Utf8.truncate(s, max - 3), kept);
                }
            }
        }
    }

    @Test
    void clipOfAHugeStringIsBounded() { // how fast is the benchmarks' to say: a unit test does not time
        String huge = "日".repeat(5_000_000);
        String clipped = Utf8.clip(huge, 400);
        assertEquals("日".repeat(132) + "…", clipped);
        assertEquals(399, Utf8.length(clipped));
    }

    @Test
    void decodeReturnsTheTextOfWellFormedBytes() throws CharacterCodingException {
        assertEquals(MIXED, Utf8.decode(MIXED.getBytes(StandardCharsets.UTF_8)));
        assertEquals("", Utf8.decode(new byte[0]));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "C3",          // 2-byte sequence cut short at the end
            "61C3",        // ... after ASCII
            "E697",        // 3-byte sequence (日 = E6 97 A5) cut short
            "F09F98",      // 4-byte sequence (😀 = F0 9F 98 80) cut short
            "FF",          // never valid in UTF-8
            "80",          // continuation byte without a lead
            "C0AF",        // overlong encoding of '/'
            "EDA080",      // an encoded surrogate
            "F4908080",    // above U+10FFFF
            "61E6612061",  // lead byte followed by ASCII
    })
    void decodeRejectsMalformedBytes(String hex) {
        assertThrows(CharacterCodingException.class, () -> Utf8.decode(hex(hex)));
    }

    private static byte[] hex(String hex) {
        byte[] bytes = new byte[hex.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return bytes;
    }

    private static void assertRoundTrips(String s) {
        assertEquals(s, new String(s.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8), "not valid UTF-8 text: " + s);
    }

    @Test
    void aDecodedPrefixDropsOnlyACharacterCutAtItsEnd() {
        byte[] replacement = "ok \uFFFD".getBytes(StandardCharsets.UTF_8); // a real U+FFFD in the data
        assertEquals("ok \uFFFD", Utf8.decodePrefix(replacement, replacement.length), "a real replacement character is kept");
        byte[] emoji = "a😀".getBytes(StandardCharsets.UTF_8);
        for (int cut = 2; cut < emoji.length; cut++) {
            assertEquals("a", Utf8.decodePrefix(emoji, cut), "cut after " + cut + " bytes");
        }
        assertEquals("a😀", Utf8.decodePrefix(emoji, emoji.length));
        byte[] both = "\uFFFD日".getBytes(StandardCharsets.UTF_8);
        assertEquals("\uFFFD", Utf8.decodePrefix(both, 4), "the cut character goes, the real U+FFFD before it stays");
        assertEquals("", Utf8.decodePrefix(both, 2));
    }

    @Test
    void aByteOrderMarkIsStripped() {
        assertEquals("text", Utf8.stripBom("\uFEFFtext"));
        assertEquals("text\uFEFF", Utf8.stripBom("text\uFEFF"));
    }
}
