package dev.toolspill.limit;

import dev.toolspill.limit.TruncationChecks.Parsed;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import static dev.toolspill.limit.TruncationChecks.LINE_CUTTER;
import static dev.toolspill.limit.TruncationChecks.assertTruncatedProperly;
import static dev.toolspill.limit.TruncationChecks.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The history guard on seeded random texts of mixed widths, limits, notes and cutters: every invariant holds. */
class HistoryLimitRandomTest {

    private static final String[] POOL = {
        "a", "Z", "0", " ", "\n", "{", "\"",         // 1 byte
        "é", "ß", "ж", "\u07FF",                     // 2 bytes
        "€", "中", "\u0800", "\uFFFD", "…",          // 3 bytes
        "😀", "𝄞", "\uD83D\uDE80", "\uDBFF\uDFFF"    // 4 bytes
    };

    static String randomText(Random rnd, int chars) {
        StringBuilder sb = new StringBuilder();
        int mode = rnd.nextInt(5); // 0: mixed; 1..4: mostly one width
        for (int i = 0; i < chars; i++) {
            int pick;
            if (mode == 0 || rnd.nextInt(8) == 0) {
                pick = rnd.nextInt(POOL.length);
            } else {
                int[][] groups = {{0, 7}, {7, 11}, {11, 16}, {16, 20}};
                int[] g = groups[mode - 1];
                pick = g[0] + rnd.nextInt(g[1] - g[0]);
            }
            sb.append(POOL[pick]);
        }
        return sb.toString();
    }

    @Test
    void randomTextsKeepTheInvariants() {
        Random rnd = new Random(20240617L);
        String[] notes = {"", "full output: [blob:0190b2c4-7f3a-7c1d-9a2e-3b4c5d6e7f80]", "é€😀 note"};
        int truncated = 0;
        for (int i = 0; i < 4000; i++) {
            int cap = 128 + rnd.nextInt(2000 - 128 + 1);
            String tool = rnd.nextBoolean() ? "t" : "other";
            Map<String, Integer> perTool = new HashMap<>();
            perTool.put("t", cap);
            int defaultCap = rnd.nextBoolean() ? cap : 128 + rnd.nextInt(2000 - 128 + 1);
            int expectedCap = tool.equals("t") ? cap : defaultCap;
            HistoryLimit limit = new HistoryLimit(defaultCap, perTool);
            String text = randomText(rnd, rnd.nextInt(1500));
            String note = notes[rnd.nextInt(notes.length)];
            boolean lines = rnd.nextInt(4) == 0;
            Limited r = lines ? limit.apply(tool, text, LINE_CUTTER, note)
                    : note.isEmpty() ? limit.apply(tool, text) : limit.apply(tool, text, Cutter.UTF8, note);
            String ctx = "case " + i + " cap=" + expectedCap + " bytes=" + bytes(text) + " lines=" + lines;
            if (bytes(text) <= expectedCap) {
                assertSame(text, r.text(), ctx);
                assertEquals(0, r.droppedBytes(), ctx);
                assertFalse(limit.exceeds(tool, text), ctx);
            } else {
                truncated++;
                assertTrue(limit.exceeds(tool, text), ctx);
                Parsed p;
                try {
                    p = assertTruncatedProperly(text, expectedCap, r);
                } catch (AssertionError e) {
                    throw new AssertionError(ctx + ": " + e.getMessage(), e);
                }
                assertTrue(p.notes().startsWith(note), ctx);
                if (lines) {
                    assertTrue(p.kept().isEmpty() || p.kept().endsWith("\n") || p.kept().equals(text), ctx);
                } else {
                    assertTrue(expectedCap - bytes(r.text()) <= 3 + 5, ctx + " wastes too much room");
                }
            }
        }
        assertTrue(truncated > 1000, "the random mix should truncate often, got " + truncated);
    }
}
