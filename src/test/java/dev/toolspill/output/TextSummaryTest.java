package dev.toolspill.output;

import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.toolspill.output.SummaryFixtures.ID;
import static dev.toolspill.output.SummaryFixtures.MAX;
import static dev.toolspill.output.SummaryFixtures.TAG;
import static dev.toolspill.output.SummaryFixtures.assertValidSummary;
import static dev.toolspill.output.SummaryFixtures.numbered;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The summary of a text: the id line, then the first five and the last three lines, each line shown once, whatever
 * its line endings.
 */
class TextSummaryTest {

    private final Summarizer summarizer = new Summarizer(MAX, 5, 3);

    @Test
    void textShowsTheIdLineThenFiveHeadAndThreeTailLines() {
        String summary = summarizer.summarize(ID, new Content.Text(numbered(12, "\n", true)));
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] text | 12 lines
                ── head ──
                line 1
                line 2
                line 3
                line 4
                line 5
                ── tail ──
                line 10
                line 11
                line 12""", summary);
        assertValidSummary(summary);
    }

    @Test
    void textOfExactlyEightLinesShowsEachLineOnce() {
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] text | 8 lines
                ── head ──
                line 1
                line 2
                line 3
                line 4
                line 5
                ── tail ──
                line 6
                line 7
                line 8""", summarizer.text(ID, numbered(8, "\n", true)));
    }

    @Test
    void textOfNineLinesLeavesOutOnlyTheMiddleLine() {
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] text | 9 lines
                ── head ──
                line 1
                line 2
                line 3
                line 4
                line 5
                ── tail ──
                line 7
                line 8
                line 9""", summarizer.text(ID, numbered(9, "\n", true)));
    }

    @Test
    void textOfSixLinesShowsTheSixthOnlyInTheTail() {
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] text | 6 lines
                ── head ──
                line 1
                line 2
                line 3
                line 4
                line 5
                ── tail ──
                line 6""", summarizer.text(ID, numbered(6, "\n", true)));
    }

    @Test
    void textOfFiveLinesOrFewerHasNoTail() {
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] text | 5 lines
                ── head ──
                line 1
                line 2
                line 3
                line 4
                line 5""", summarizer.text(ID, numbered(5, "\n", true)));
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] text | 2 lines
                ── head ──
                line 1
                line 2""", summarizer.text(ID, numbered(2, "\n", false)));
    }

    @Test
    void noLineIsShownTwiceForAnyLineCountUpToTwelve() {
        for (int n = 1; n <= 12; n++) {
            for (boolean finalNewline : new boolean[]{true, false}) {
                String summary = summarizer.text(ID, numbered(n, "\n", finalNewline));
                List<String> shown = summary.lines().filter(l -> l.startsWith("line ")).toList();
                assertEquals(shown.stream().distinct().count(), shown.size(), summary);
                assertEquals(Math.min(n, 8), shown.size(), summary);
                assertTrue(summary.startsWith(TAG + " text | " + n + " lines\n"), summary);
            }
        }
    }

    @Test
    void crlfLineEndingsAreNotShown() {
        String summary = summarizer.text(ID, numbered(9, "\r\n", true));
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] text | 9 lines
                ── head ──
                line 1
                line 2
                line 3
                line 4
                line 5
                ── tail ──
                line 7
                line 8
                line 9""", summary);
        assertFalse(summary.contains("\r"));
    }

    @Test
    void crlfWithoutAFinalNewline() {
        String summary = summarizer.text(ID, numbered(10, "\r\n", false));
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] text | 10 lines
                ── head ──
                line 1
                line 2
                line 3
                line 4
                line 5
                ── tail ──
                line 8
                line 9
                line 10""", summary);
        assertFalse(summary.contains("\r"));
    }

    @Test
    void aMissingFinalNewlineStillCountsTheLastLine() {
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] text | 10 lines
                ── head ──
                line 1
                line 2
                line 3
                line 4
                line 5
                ── tail ──
                line 8
                line 9
                line 10""", summarizer.text(ID, numbered(10, "\n", false)));
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] text | 3 lines
                ── head ──
                only
                three
                lines""", summarizer.text(ID, "only\nthree\nlines"));
    }

    @Test
    void emptyLinesAreLinesToo() {
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] text | 10 lines
                ── head ──
                a

                c
                d

                ── tail ──

                i
                """, summarizer.text(ID, "a\n\nc\nd\n\nf\ng\n\ni\n\n"));
    }
}
