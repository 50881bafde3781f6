package dev.toolspill.limit;

import dev.toolspill.limit.TruncationChecks.Parsed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Map;
import java.util.stream.Stream;

import static dev.toolspill.limit.TruncationChecks.FOUR;
import static dev.toolspill.limit.TruncationChecks.MARKER_TEXT;
import static dev.toolspill.limit.TruncationChecks.THREE;
import static dev.toolspill.limit.TruncationChecks.TWO;
import static dev.toolspill.limit.TruncationChecks.assertTruncatedProperly;
import static dev.toolspill.limit.TruncationChecks.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Named.named;

/**
 * The history guard (DESIGN.md, "Limit"): a table of texts and limits, each capped or left alone, and the smallest
 * limit it accepts. Its notes and cutters are {@link HistoryLimitNotesAndCuttersTest}'s, its random texts
 * {@link HistoryLimitRandomTest}'s; all check what they get with {@link TruncationChecks}.
 */
class HistoryLimitTest {

    static String repeat(String s, int times) {
        return s.repeat(times);
    }

    @Test
    void helperRejectsBrokenResults() {
        // The checker itself must catch a split character, an over-long result and a wrong count.
        String original = "abc" + FOUR.repeat(10);
        assertThrows(AssertionError.class, () -> assertTruncatedProperly(original, 128,
                new Limited("abc\uD83D\n" + String.format(MARKER_TEXT, 40), 40)));
        assertThrows(AssertionError.class, () -> assertTruncatedProperly(original, 10,
                new Limited("abc\n" + String.format(MARKER_TEXT, 40), 40)));
        assertThrows(AssertionError.class, () -> assertTruncatedProperly(original, 128,
                new Limited("abc\n" + String.format(MARKER_TEXT, 39), 39)));
        assertThrows(AssertionError.class, () -> assertTruncatedProperly(original, 128,
                new Limited("abc\n" + String.format(MARKER_TEXT, 40), 41)));
        assertThrows(AssertionError.class, () -> assertTruncatedProperly(original, 128,
                new Limited("abX\n" + String.format(MARKER_TEXT, 41), 41)));
        Parsed ok = assertTruncatedProperly(original, 128, new Limited("abc\n" + String.format(MARKER_TEXT, 40), 40));
        assertEquals("abc", ok.kept());
    }

    // ---------------------------------------------------------------- table

    /** One row: limits, tool, text, and whether it must come back unchanged. */
    record Row(int defaultLimit, Map<String, Integer> perTool, String tool, String text, boolean unchanged,
               int expectedLimit) {
    }

    static Arguments row(String name, Row row) {
        return Arguments.of(named(name, row));
    }

    static Stream<Arguments> rows() {
        Map<String, Integer> none = Map.of();
        Map<String, Integer> x = Map.of("x", 200, "big", 5000);
        String ascii128 = repeat("a", 128);
        return Stream.of(
                row("ascii, well under the limit", new Row(128, none, "t", "hello world", true, 128)),
                row("ascii, one byte under the limit", new Row(128, none, "t", repeat("a", 127), true, 128)),
                row("ascii, exactly the limit", new Row(128, none, "t", ascii128, true, 128)),
                row("ascii, one byte over the limit", new Row(128, none, "t", ascii128 + "b", false, 128)),
                row("ascii, far over the limit", new Row(128, none, "t", repeat("0123456789", 1000), false, 128)),
                row("ascii lines, over the limit", new Row(200, none, "t", repeat("line of text\n", 100), false, 200)),
                row("2-byte chars exactly the limit", new Row(128, none, "t", repeat(TWO, 64), true, 128)),
                row("2-byte chars one byte over", new Row(128, none, "t", repeat(TWO, 64) + "z", false, 128)),
                row("3-byte chars exactly the limit (43 x 3 = 129)",
                        new Row(129, none, "t", repeat(THREE, 43), true, 129)),
                row("4-byte chars exactly the limit", new Row(128, none, "t", repeat(FOUR, 32), true, 128)),
                row("4-byte chars one byte over", new Row(128, none, "t", repeat(FOUR, 32) + "!", false, 128)),
                row("2-byte straddle, pad 0", new Row(128, none, "t", repeat(TWO, 300), false, 128)),
                row("2-byte straddle, pad 1", new Row(128, none, "t", "a" + repeat(TWO, 300), false, 128)),
                row("3-byte straddle, pad 0", new Row(128, none, "t", repeat(THREE, 300), false, 128)),
                row("3-byte straddle, pad 1", new Row(128, none, "t", "a" + repeat(THREE, 300), false, 128)),
                row("3-byte straddle, pad 2", new Row(128, none, "t", "ab" + repeat(THREE, 300), false, 128)),
                row("4-byte straddle, pad 0", new Row(128, none, "t", repeat(FOUR, 300), false, 128)),
                row("4-byte straddle, pad 1", new Row(128, none, "t", "a" + repeat(FOUR, 300), false, 128)),
                row("4-byte straddle, pad 2", new Row(128, none, "t", "ab" + repeat(FOUR, 300), false, 128)),
                row("4-byte straddle, pad 3", new Row(128, none, "t", "abc" + repeat(FOUR, 300), false, 128)),
                row("4-byte straddle, limit 131", new Row(131, none, "t", repeat(FOUR, 300), false, 131)),
                row("mixed 1-4 byte chars", new Row(150, none, "t", repeat("a" + TWO + THREE + FOUR, 100), false, 150)),
                row("default 16384, ascii exactly", new Row(16384, none, "t", repeat("q", 16384), true, 16384)),
                row("default 16384, ascii one over", new Row(16384, none, "t", repeat("q", 16385), false, 16384)),
                row("per-tool override x=200, over its limit but under the default",
                        new Row(16384, x, "x", repeat("r", 1000), false, 200)),
                row("per-tool override x=200, exactly its limit", new Row(16384, x, "x", repeat("r", 200), true, 200)),
                row("per-tool override big=5000 above default 300",
                        new Row(300, x, "big", repeat("s", 4000), true, 5000)),
                row("per-tool override big=5000, over", new Row(300, x, "big", repeat("s", 6000), false, 5000)),
                row("unknown tool falls back to default", new Row(300, x, "nope", repeat("u", 1000), false, 300)),
                row("unknown tool under default is unchanged", new Row(300, x, "nope", repeat("u", 300), true, 300)),
                row("tool name differs only in case falls back", new Row(300, x, "X", repeat("u", 250), true, 300)),
                row("empty text", new Row(128, none, "t", "", true, 128)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void capsTheText(Row row) {
        HistoryLimit limit = new HistoryLimit(row.defaultLimit(), row.perTool());
        assertEquals(row.expectedLimit(), limit.limitFor(row.tool()), "limitFor");
        Limited result = limit.apply(row.tool(), row.text());
        if (row.unchanged()) {
            assertTrue(bytes(row.text()) <= row.expectedLimit(), "row is mis-specified");
            assertSame(row.text(), result.text(), "text within the limit must come back unchanged");
            assertEquals(0, result.droppedBytes());
            assertFalse(result.truncated());
            assertFalse(limit.exceeds(row.tool(), row.text()));
        } else {
            assertTrue(bytes(row.text()) > row.expectedLimit(), "row is mis-specified");
            assertTrue(limit.exceeds(row.tool(), row.text()));
            Parsed p = assertTruncatedProperly(row.text(), row.expectedLimit(), result);
            assertEquals("", p.notes(), "no note was given");
            assertTrue(p.kept().length() > 0, "some content must survive at limit >= 128");
            // The plain cut uses the room it has: at most one character (3 bytes) plus the
            // difference in the marker's digits is left unused.
            int slack = row.expectedLimit() - bytes(result.text());
            assertTrue(slack <= 3 + 5, "cut wastes " + slack + " bytes");
        }
    }

    @Test
    void exactMarkerForAsciiOneOver() {
        HistoryLimit limit = new HistoryLimit(128, Map.of());
        String text = "a".repeat(129);
        Limited r = limit.apply("t", text);
        assertTrue(r.text().endsWith(String.format(MARKER_TEXT, r.droppedBytes())), r.text());
        assertTrue(r.text().startsWith("a"), r.text());
        assertTrue(bytes(r.text()) <= 128);
        String content = r.text().substring(0, r.text().indexOf("\n[truncated: "));
        assertEquals("a".repeat(content.length()), content);
        assertEquals(129 - content.length(), r.droppedBytes());
    }

    @Test
    void plainAsciiCutFillsTheLimitWhenTheCountKeepsItsDigits() {
        // 200 bytes in, about 120 dropped: the count has 3 digits either way, so no room is lost.
        HistoryLimit limit = new HistoryLimit(128, Map.of());
        Limited r = limit.apply("t", "a".repeat(200));
        assertEquals(128, bytes(r.text()), r.text());
        assertEquals("a".repeat(200 - (int) r.droppedBytes()) + "\n" + String.format(MARKER_TEXT, r.droppedBytes()),
                r.text());
    }

    // ---------------------------------------------------------------- minimum limit

    @ParameterizedTest(name = "default limit {0} is refused")
    @ValueSource(ints = {127, 100, 1, 0, -1, Integer.MIN_VALUE})
    void refusesSmallDefault(int value) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new HistoryLimit(value, Map.of()));
        assertTrue(e.getMessage().contains("toolspill.limits.default"), e.getMessage());
        assertTrue(e.getMessage().contains("128"), e.getMessage());
    }

    @ParameterizedTest(name = "per-tool limit {0} is refused")
    @ValueSource(ints = {127, 64, 0, -5})
    void refusesSmallPerTool(int value) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new HistoryLimit(16384, Map.of("ok", 500, "web.search", value)));
        assertTrue(e.getMessage().contains("toolspill.limits.tools.\"web.search\""), e.getMessage());
        assertTrue(e.getMessage().contains("128"), e.getMessage());
    }

    @Test
    void acceptsExactly128ForDefaultAndPerTool() {
        HistoryLimit limit = new HistoryLimit(128, Map.of("x", 128));
        assertEquals(128, limit.limitFor("x"));
        assertEquals(128, limit.limitFor("other"));
        String text = "0123456789".repeat(50) + FOUR.repeat(20);
        for (String tool : new String[] {"x", "other"}) {
            Limited r = limit.apply(tool, text);
            Parsed p = assertTruncatedProperly(text, 128, r);
            assertTrue(p.kept().length() > 0);
        }
    }
}
