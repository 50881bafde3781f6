package dev.toolspill.inspect;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Java regular expression tried on each unit, decoded into one reused buffer. Backtracking is bounded: the
 * matcher reads the unit through {@link BudgetedChars}, which stops it after {@code stepsPerChar} reads per
 * character (and a small constant), so a pattern that backtracks catastrophically fails fast with a clear message.
 * A part of a long unit is matched inside region bounds that keep {@code ^} and {@code $} at the unit's real ends.
 * A whole unit without the pattern's {@link RequiredLiteral} is refused from its bytes, without decoding.
 */
final class RegexMatcher implements UnitMatcher {

    /** Reads a unit gets on top of its per-character budget, so a short line is not refused for a pattern's set-up. */
    private static final long BASE_STEPS = 10_000;

    private final Matcher matcher;
    private final long stepsPerChar;
    private final int overlap;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE);
    private final BudgetedChars chars = new BudgetedChars();
    private CharBuffer decoded = CharBuffer.allocate(4096);
    private final Literal required;

    RegexMatcher(Pattern pattern, long stepsPerChar, int window) {
        String piece = RequiredLiteral.of(pattern.pattern(), (pattern.flags() & Pattern.CASE_INSENSITIVE) != 0);
        this.required = (pattern.flags() & ~(Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE)) == 0 && piece != null
                ? new Literal(piece, (pattern.flags() & Pattern.CASE_INSENSITIVE) != 0) : null;
        this.matcher = pattern.matcher("");
        this.matcher.useAnchoringBounds(false);
        this.matcher.useTransparentBounds(true);
        this.stepsPerChar = stepsPerChar;
        this.overlap = window / 2;
    }

    @Override
    public boolean matches(byte[] bytes, int from, int to, boolean unitStart, boolean unitEnd) {
        if (required != null && unitStart && unitEnd && required.indexOf(bytes, from, to) < 0) {
            return false;
        }
        if (decoded.capacity() < to - from) {
            decoded = CharBuffer.allocate(Math.max(to - from, decoded.capacity() * 2));
        }
        decoded.clear();
        decoder.reset();
        decoder.decode(ByteBuffer.wrap(bytes, from, to - from), decoded, true);
        decoder.flush(decoded);
        int n = decoded.position();
        chars.reset(decoded.array(), n, BASE_STEPS + stepsPerChar * n);
        matcher.reset(chars);
        // A part that does not start (end) the unit leaves its first (last) character to the part that overlaps it,
        // and that character, outside the region, keeps ^ ($) from matching at the cut.
        int start = unitStart ? 0 : Math.min(1, n);
        int end = unitEnd ? n : Math.max(start, n - 1);
        matcher.region(start, end);
        return matcher.find();
    }

    /** Text every match holds, searched as bytes; null when the pattern names none for sure. */
    Literal required() {
        return required;
    }

    @Override
    public int overlap() {
        return overlap;
    }

    @Override
    public boolean decodes() {
        return true;
    }

    /** Thrown when a match needs more reads than its budget: the pattern backtracks too much on this input. */
    static final class TooCostly extends RuntimeException {
        TooCostly() {
            super(null, null, false, false);
        }
    }

    /** The decoded unit, counting every read: past the budget, the match is abandoned. */
    static final class BudgetedChars implements CharSequence {
        private char[] chars;
        private int length;
        private long steps;

        void reset(char[] chars, int length, long budget) {
            this.chars = chars;
            this.length = length;
            this.steps = budget;
        }

        @Override
        public int length() {
            return length;
        }

        @Override
        public char charAt(int index) {
            if (--steps < 0) {
                throw new TooCostly();
            }
            if (index >= length) {
                throw new IndexOutOfBoundsException(index);
            }
            return chars[index];
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new String(chars, start, end - start);
        }

        @Override
        public String toString() {
            return new String(chars, 0, length);
        }
    }
}
