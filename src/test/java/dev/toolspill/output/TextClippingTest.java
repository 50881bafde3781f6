package dev.toolspill.output;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static dev.toolspill.output.SummaryFixtures.ID;
import static dev.toolspill.output.SummaryFixtures.MAX;
import static dev.toolspill.output.SummaryFixtures.TAG;
import static dev.toolspill.output.SummaryFixtures.assertClippedFrom;
import static dev.toolspill.output.SummaryFixtures.assertValidSummary;
import static dev.toolspill.output.SummaryFixtures.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Long lines in a text summary share the 400-byte budget: each is kept whole or clipped with a mark, on a character
 * boundary (no half of a multi-byte character or of a surrogate pair).
 */
class TextClippingTest {

    private final Summarizer summarizer = new Summarizer(MAX, 5, 3);

    @Test
    void longLinesShareTheBudgetAndAreClippedWithAMark() {
        // fixed part: id line (59) + head rule (1+18) + tail rule (1+18) = 97 bytes; 8 lines leave
        // 400 - 97 - 8 newlines = 295 bytes, so each line gets 36: 33 characters and the mark.
        String text = IntStream.rangeClosed(1, 10).mapToObj(i -> String.format("%02d ", i) + "x".repeat(100) + "\n")
                .collect(Collectors.joining());
        String summary = summarizer.text(ID, text);
        String x30 = "x".repeat(30);
        assertEquals(TAG + " text | 10 lines\n"
                + "── head ──\n"
                + "01 " + x30 + "…\n"
                + "02 " + x30 + "…\n"
                + "03 " + x30 + "…\n"
                + "04 " + x30 + "…\n"
                + "05 " + x30 + "…\n"
                + "── tail ──\n"
                + "08 " + x30 + "…\n"
                + "09 " + x30 + "…\n"
                + "10 " + x30 + "…", summary);
        assertEquals(393, bytes(summary));
    }

    @Test
    void shortLinesStayWholeAndLongOnesGetWhatIsLeft() {
        // 5 short head lines (2 bytes each) leave 295 - 10 = 285 bytes for the 3 long tail lines: 95 each
        String text = "h1\nh2\nh3\nh4\nh5\nskipped\nskipped\n" + ("x".repeat(300) + "\n").repeat(3);
        String summary = summarizer.text(ID, text);
        String clipped = "x".repeat(92) + "…";
        assertEquals(TAG + " text | 10 lines\n"
                + "── head ──\n"
                + "h1\nh2\nh3\nh4\nh5\n"
                + "── tail ──\n"
                + clipped + "\n" + clipped + "\n" + clipped, summary);
        assertEquals(MAX, bytes(summary));
    }

    @Test
    void japaneseLinesAreClippedOnCharacterBoundaries() {
        // id line 58 + rules 38 = 96; 6 lines leave 298 bytes: 49 each, i.e. 15 three-byte characters and the mark
        String text = ("あ".repeat(50) + "\n").repeat(6);
        String summary = summarizer.text(ID, text);
        String clipped = "あ".repeat(15) + "…";
        assertEquals(TAG + " text | 6 lines\n"
                + "── head ──\n"
                + (clipped + "\n").repeat(5)
                + "── tail ──\n"
                + clipped, summary);
        assertEquals(390, bytes(summary));
        assertValidSummary(summary);
    }

    @Test
    void emojiLinesAreClippedWithoutSplittingASurrogatePair() {
        // "a" then 4-byte emoji: 48 bytes per line at most leaves "a" + 11 emoji (45 bytes) + the mark
        String text = ("a" + "😀".repeat(60) + "\n").repeat(6);
        String summary = summarizer.text(ID, text);
        String clipped = "a" + "😀".repeat(11) + "…";
        assertEquals(TAG + " text | 6 lines\n"
                + "── head ──\n"
                + (clipped + "\n").repeat(5)
                + "── tail ──\n"
                + clipped, summary);
        assertValidSummary(summary);
    }

    @Test
    void mixedWidthLinesAreValidUtf8AfterClipping() {
        String line = "é日😀x".repeat(40);
        for (int shift = 0; shift < 4; shift++) {
            String original = "a".repeat(shift) + line;
            String summary = summarizer.text(ID, (original + "\r\n").repeat(11));
            assertValidSummary(summary);
            assertTrue(summary.startsWith(TAG + " text | 11 lines\n── head ──\n"));
            List<String> shown = summary.lines().skip(2).filter(l -> !l.equals("── tail ──")).toList();
            assertEquals(8, shown.size());
            shown.forEach(l -> assertClippedFrom(original, l));
        }
    }

    @Test
    void aSingleFiveMegabyteLineIsOneClippedLine() {
        String huge = "y".repeat(5 * 1024 * 1024);
        String summary = summarizer.text(ID, huge); // how fast is the benchmarks' to say: a unit test does not time
        // id line 58 + head rule 19 = 77 bytes; the line gets the other 323 minus its newline
        assertEquals(TAG + " text | 1 lines\n"
                + "── head ──\n"
                + "y".repeat(319) + "…", summary);
        assertEquals(MAX, bytes(summary));
        assertEquals(summary, summarizer.text(ID, huge + "\n"), "a final newline changes nothing");
    }

    @Test
    void aFiveMegabyteLineOfMultiByteTextIsClippedOnABoundary() {
        String huge = "日本語😀".repeat(500_000);
        String summary = summarizer.text(ID, "first\n" + huge + "\nlast\n");
        assertValidSummary(summary);
        assertTrue(summary.startsWith(TAG + " text | 3 lines\n── head ──\nfirst\n日本語😀"), summary);
        assertTrue(summary.endsWith("…\nlast"), summary);
    }
}
