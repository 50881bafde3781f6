package dev.toolspill.limit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Named.named;

/**
 * The history guard (DESIGN.md, "Limit"). Byte counts are computed here with the JDK's own UTF-8
 * encoder, independently of {@code Utf8}, and the dropped count is recomputed from what was kept.
 */
class HistoryLimitTest {

    private static final String MARKER_TEXT = "[truncated: %d bytes dropped, refine your query]";
    /** Marker at the end of the result, optionally followed by " " + note. Group 1: N, group 2: notes. */
    private static final Pattern MARKER =
            Pattern.compile("\\[truncated: (\\d+) bytes dropped, refine your query\\](?: ([^\\n]*))?\\z");

    private static final String TWO = "é";       // U+00E9, 2 bytes
    private static final String THREE = "€";     // U+20AC, 3 bytes
    private static final String FOUR = "😀";    // U+1F600, 4 bytes (surrogate pair)

    // ---------------------------------------------------------------- independent helpers

    static int bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    /** Strict decode of the string's UTF-8 bytes: fails on lone surrogates (a split 4-byte char). */
    static void assertValidUtf8(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c)) {
                assertTrue(i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1)),
                        "lone high surrogate at index " + i + " (a 4-byte character was split)");
                i++;
            } else if (Character.isLowSurrogate(c)) {
                fail("lone low surrogate at index " + i + " (a 4-byte character was split)");
            }
        }
        try {
            ByteBuffer encoded = StandardCharsets.UTF_8.newEncoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).encode(CharBuffer.wrap(s));
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(encoded);
        } catch (CharacterCodingException e) {
            fail("result is not valid UTF-8: " + e);
        }
    }

    /** What a truncated result is made of, recovered from its text alone. */
    record Parsed(String kept, long dropped, String notes) {
    }

    /**
     * Checks every invariant of a truncated result and returns its parts. The marker may be preceded
     * by one "\n" separator; what comes before it must be a prefix of the original.
     */
    static Parsed assertTruncatedProperly(String original, int limit, Limited result) {
        assertNotNull(result);
        String out = result.text();
        assertValidUtf8(out);
        assertTrue(bytes(out) <= limit,
                () -> "result is " + bytes(out) + " bytes, over the limit " + limit + ": " + out);
        int at = out.lastIndexOf("[truncated: ");
        assertTrue(at >= 0, () -> "no truncation marker in: " + out);
        Matcher m = MARKER.matcher(out.substring(at));
        assertTrue(m.matches(), () -> "result does not end with the marker (+ optional note): " + out.substring(at));
        long n = Long.parseLong(m.group(1));
        long total = bytes(original);
        String before = out.substring(0, at);
        // The marker may be separated from the content by one "\n". Exactly one reading can match N.
        String kept = before;
        if (before.endsWith("\n")) {
            String withoutSeparator = before.substring(0, before.length() - 1);
            if (original.startsWith(withoutSeparator) && n == total - bytes(withoutSeparator)) {
                kept = withoutSeparator;
            }
        }
        String keptFinal = kept;
        assertTrue(original.startsWith(keptFinal), () -> "kept text is not a prefix of the original: " + keptFinal);
        assertValidUtf8(keptFinal);
        long expected = total - bytes(keptFinal);
        assertEquals(expected, n, "marker N must be original bytes minus kept bytes");
        assertEquals(expected, result.droppedBytes(), "droppedBytes() must equal the marker's N");
        assertTrue(result.truncated());
        assertTrue(n > 0);
        return new Parsed(keptFinal, n, m.group(2) == null ? "" : m.group(2));
    }

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

    // ---------------------------------------------------------------- notes and cutters

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

    /** Keeps whole lines that fit and says which lines come next. */
    static final Cutter LINE_CUTTER = (text, budget) -> {
        String[] lines = text.split("(?<=\n)");
        StringBuilder shown = new StringBuilder();
        int used = 0;
        int kept = 0;
        for (String line : lines) {
            int b = bytes(line);
            if (used + b > budget) {
                break;
            }
            shown.append(line);
            used += b;
            kept++;
        }
        String note = kept < lines.length
                ? "next part: lines:" + (kept + 1) + "-" + Math.min(lines.length, kept + 5) : "";
        return new Cut(shown.toString(), bytes(text) - used, note);
    };

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

    // ---------------------------------------------------------------- random

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
