package dev.toolspill.inspect.grep;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Random;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The text a regex search skips to is text every match holds: read from the pattern where it is sure, nothing where
 * it is not, and checked against Java's own matcher and RE2/J (the one a grep runs) on random patterns and inputs.
 */
class RequiredLiteralTest {

    @Test
    void readsTheLongestSurePiece() {
        assertEquals("needle-", RequiredLiteral.of("needle-[0-9a-f]{4} found", false), "the first of two pieces of one length wins");
        assertEquals(" found!", RequiredLiteral.of("needle[0-9a-f]{4} found!", false), "the longest piece wins");
        assertEquals("status=5", RequiredLiteral.of("status=5\\d\\d( |$)", false));
        assertEquals("timeout", RequiredLiteral.of("^timeout after \\d+ ms", false).substring(0, 7), "anchors end a piece");
        assertEquals("a.b/c", RequiredLiteral.of("x+\\Qa.b/c\\E", false), "quoted text is literal");
        assertEquals("api/v", RequiredLiteral.of("/api/v1?", false).substring(1), "the character before ? may be absent");
        assertEquals("abc", RequiredLiteral.of("abc+d", false), "what follows x+ may be another x");
        assertEquals(" 789", RequiredLiteral.of("\\x41\\u00e9\\p{L} 789", false), "an escape's code is not text");
        assertEquals("-7f3a", RequiredLiteral.of("disk-7f3a", true), "ignoring case, no i, k or s (they match İ, K and ſ)");
    }

    @Test
    void findsNothingWhereNothingIsSure() {
        assertNull(RequiredLiteral.of("error|warning", false), "a top-level alternative");
        assertNull(RequiredLiteral.of("(?i)timeout", false), "inline flags");
        assertNull(RequiredLiteral.of("(timeout|error) x", false), "inside a group, and too short outside it");
        assertNull(RequiredLiteral.of("[abc]+\\d*", false));
        assertNull(RequiredLiteral.of("ab", false), "too short to pay for itself");
        assertNull(RequiredLiteral.of("日本😀", true), "ignoring case, only ASCII is folded as bytes");
    }

    /** Random patterns from pieces that trip a naive reading; wherever Java finds a match, the piece is in the input. */
    @Test
    void everyMatchHoldsThePiece() {
        String[] parts = {"ab", "c", "abc", "x", "\\d", "\\.", ".", "[a-c]", "[^x]", "?", "*", "+", "{2}", "{0,2}", "(", ")", "|",
                "^", "$", "\\Qa.c\\E", "\\x61", "\\u0062", "é", "K", "s", "\\b", " ", "-"};
        String alphabet = "abcxKksſ.-é 1K";
        Random random = new Random(41);
        int checked = 0;
        for (int round = 0; round < 20_000; round++) {
            StringBuilder regex = new StringBuilder();
            for (int k = 1 + random.nextInt(8); k > 0; k--) {
                regex.append(parts[random.nextInt(parts.length)]);
            }
            boolean ignoreCase = random.nextBoolean();
            Pattern pattern;
            try {
                pattern = Pattern.compile(regex.toString(), ignoreCase ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0);
            } catch (RuntimeException invalid) {
                continue;
            }
            String piece = RequiredLiteral.of(regex.toString(), ignoreCase);
            if (piece == null) {
                continue;
            }
            com.google.re2j.Pattern linear;
            try {
                linear = com.google.re2j.Pattern.compile(regex.toString(), ignoreCase ? com.google.re2j.Pattern.CASE_INSENSITIVE : 0);
            } catch (RuntimeException refused) {
                linear = null; // what RE2 does not have (a grep refuses it)
            }
            Literal literal = new Literal(piece, ignoreCase);
            for (int t = 0; t < 20; t++) {
                StringBuilder input = new StringBuilder();
                for (int k = random.nextInt(30); k > 0; k--) {
                    input.append(random.nextInt(4) == 0 ? piece : String.valueOf(alphabet.charAt(random.nextInt(alphabet.length()))));
                }
                if (pattern.matcher(input).find() || (linear != null && linear.matcher(input).find())) {
                    byte[] bytes = input.toString().getBytes(StandardCharsets.UTF_8);
                    assertTrue(literal.indexOf(bytes, 0, bytes.length) >= 0, "/" + regex + "/" + (ignoreCase ? "i" : "")
                            + " matches '" + input + "' without '" + piece + "'");
                    checked++;
                }
            }
        }
        assertTrue(checked > 1000, "enough matches were checked: " + checked);
        assertEquals("abc", "ABC".toLowerCase(Locale.ROOT));
    }
}
