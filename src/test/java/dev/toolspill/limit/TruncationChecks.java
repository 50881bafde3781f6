package dev.toolspill.limit;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * What the history guard's tests check a truncated result with. Byte counts are computed here with the JDK's own UTF-8
 * encoder, independently of {@code Utf8}, and the dropped count is recomputed from what was kept.
 */
final class TruncationChecks {

    static final String MARKER_TEXT = "[truncated: %d bytes dropped, refine your query]";
    /** Marker at the end of the result, optionally followed by " " + note. Group 1: N, group 2: notes. */
    private static final Pattern MARKER =
            Pattern.compile("\\[truncated: (\\d+) bytes dropped, refine your query\\](?: ([^\\n]*))?\\z");

    static final String TWO = "é";       // U+00E9, 2 bytes
    static final String THREE = "€";     // U+20AC, 3 bytes
    static final String FOUR = "😀";    // U+1F600, 4 bytes (surrogate pair)

    private TruncationChecks() {
    }

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
}
