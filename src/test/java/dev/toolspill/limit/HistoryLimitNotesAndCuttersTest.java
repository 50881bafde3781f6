package dev.toolspill.limit;

import dev.toolspill.limit.TruncationChecks.Parsed;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static dev.toolspill.limit.TruncationChecks.FOUR;
import static dev.toolspill.limit.TruncationChecks.LINE_CUTTER;
import static dev.toolspill.limit.TruncationChecks.THREE;
import static dev.toolspill.limit.TruncationChecks.TWO;
import static dev.toolspill.limit.TruncationChecks.assertTruncatedProperly;
import static dev.toolspill.limit.TruncationChecks.assertValidUtf8;
import static dev.toolspill.limit.TruncationChecks.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The history guard's notes (where the full output is) and cutters (what is kept of a text that is over its limit):
 * both fit under the limit with the marker, and a text within its limit ignores them.
 */
class HistoryLimitNotesAndCuttersTest {

    @Test
    void noteIsIncludedAndLimitHolds() {
        HistoryLimit limit = new HistoryLimit(16384, Map.of("small", 128, "mid", 300));
        String note = "full output: [blob:0190b2c4-7f3a-7c1d-9a2e-3b4c5d6e7f80]";
        String text = ("x".repeat(40) + THREE + FOUR + "\n").repeat(500);
        for (String tool : new String[] {"small", "mid", "default-tool"}) {
            int cap = limit.limitFor(tool);
            Limited r = limit.apply(tool, text, Cutter.UTF8, note);
            Parsed p = assertTruncatedProperly(text, cap, r);
            assertEquals(note, p.notes(), tool);
            assertTrue(r.text().endsWith(" " + note), r.text());
        }
    }

    @Test
    void overLongNoteNeverBreaksTheCap() {
        HistoryLimit limit = new HistoryLimit(128, Map.of());
        String note = "full output: [blob:" + "n".repeat(300) + "]";
        String text = "y".repeat(1000);
        Limited r = limit.apply("t", text, Cutter.UTF8, note);
        assertTrue(bytes(r.text()) <= 128, r.text());
        assertValidUtf8(r.text());
        assertTrue(r.text().contains("[truncated: 1000 bytes dropped"), r.text());
        assertEquals(1000, r.droppedBytes());
    }

    @Test
    void customCutterKeepsWholeLinesAndItsNoteAppears() {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= 40; i++) {
            sb.append("line ").append(i).append(' ').append(TWO.repeat(i % 4)).append(FOUR.repeat(i % 3)).append('\n');
        }
        String text = sb.toString();
        for (int cap : new int[] {128, 150, 200, 333, 500}) {
            HistoryLimit limit = new HistoryLimit(16384, Map.of("inspect", cap));
            Limited r = limit.apply("inspect", text, LINE_CUTTER, "");
            Parsed p = assertTruncatedProperly(text, cap, r);
            assertTrue(p.notes().startsWith("next part: lines:"), p.notes());
            int keptLines = (int) p.kept().chars().filter(c -> c == '\n').count();
            assertTrue(p.kept().isEmpty() || p.kept().endsWith("\n"), "whole lines only: " + p.kept());
            assertEquals("next part: lines:" + (keptLines + 1) + "-" + Math.min(40, keptLines + 5), p.notes());
        }
    }

    @Test
    void customCutterWithFixedNoteAndBlobNote() {
        Cutter fixed = (text, budget) -> {
            String shown = text.substring(0, Math.min(text.length(), Math.max(0, budget)));
            int nl = shown.lastIndexOf('\n');
            shown = nl < 0 ? "" : shown.substring(0, nl + 1);
            return new Cut(shown, bytes(text) - bytes(shown), "next part: lines:5-9");
        };
        String text = "abcdefghij\n".repeat(30); // ASCII only
        String note = "full output: [blob:0190b2c4-7f3a-7c1d-9a2e-3b4c5d6e7f80]";
        HistoryLimit limit = new HistoryLimit(180, Map.of());
        Limited r = limit.apply("t", text, fixed, note);
        Parsed p = assertTruncatedProperly(text, 180, r);
        assertEquals(note + " next part: lines:5-9", p.notes());
    }

    @Test
    void emptyTextIsLeftAlone() {
        HistoryLimit limit = new HistoryLimit(128, Map.of());
        Limited r = limit.apply("t", "");
        assertEquals("", r.text());
        assertEquals(0, r.droppedBytes());
        Limited r2 = limit.apply("t", "", LINE_CUTTER, "full output: [blob:x]");
        assertEquals("", r2.text());
        assertEquals(0, r2.droppedBytes());
    }

    @Test
    void textWithinLimitIgnoresNoteAndCutter() {
        HistoryLimit limit = new HistoryLimit(128, Map.of());
        String text = FOUR.repeat(32);
        Limited r = limit.apply("t", text, LINE_CUTTER, "full output: [blob:x]");
        assertSame(text, r.text());
        assertEquals(0, r.droppedBytes());
    }
}
