package dev.toolspill.inspect.grep;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.regex.PatternSyntaxException;

/**
 * A regular expression tried on each unit, decoded into one reused buffer, and matched by RE2/J: an automaton that
 * reads each character a bounded number of times, so a search costs time linear in the unit whatever the pattern
 * ({@code (a*)*b} or {@code (x+x+)+y} included), with no step budget and no recursion. The syntax is Java's
 * (checked by {@code java.util.regex}, whose messages say where a pattern is wrong) without what needs backtracking:
 * back references, lookaround, possessive quantifiers and atomic groups.
 * <p>
 * A part of a long unit that does not start it is searched from its second character (the first belongs to the part
 * before, and keeps {@code ^} from matching at the cut); a part that does not end it is searched with the pattern
 * followed by one more character, so a match ends before the part's last character and {@code $} never matches at
 * the cut. A whole unit without the pattern's {@link RequiredLiteral} is refused from its bytes, without decoding.
 */
final class RegexMatcher implements UnitMatcher {

    private static final String SYNTAX = "write Java regex syntax, e.g. grep:/time(d )?out/i, or search for the text as it is "
            + "with grep:\"TEXT\"";

    private final Matcher whole;
    private final Matcher cut;
    private final Literal required;
    private final int overlap;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE);
    private CharBuffer decoded = CharBuffer.allocate(4096);

    private RegexMatcher(Pattern whole, Pattern cut, Literal required, int window) {
        this.whole = whole.matcher("");
        this.cut = cut.matcher("");
        this.required = required;
        this.overlap = window / 2;
    }

    static RegexMatcher of(String regex, boolean ignoreCase, int window) {
        int flags = ignoreCase ? Pattern.CASE_INSENSITIVE : 0;
        try {
            java.util.regex.Pattern.compile(regex, ignoreCase ? java.util.regex.Pattern.CASE_INSENSITIVE | java.util.regex.Pattern.UNICODE_CASE : 0);
        } catch (PatternSyntaxException e) {
            throw new BadPatternException("is not a valid regular expression (" + e.getDescription() + " at index " + e.getIndex() + "): " + SYNTAX);
        } catch (StackOverflowError e) {
            throw new BadPatternException("nests too deeply to compile: simplify the regular expression");
        }
        try {
            Pattern whole = Pattern.compile(regex, flags);
            Pattern cut = Pattern.compile("(?:" + regex + (openQuote(regex) ? "\\E" : "") + ")(?s:.)", flags);
            String piece = RequiredLiteral.of(regex, ignoreCase);
            return new RegexMatcher(whole, cut, piece == null ? null : new Literal(piece, ignoreCase), window);
        } catch (com.google.re2j.PatternSyntaxException e) {
            throw new BadPatternException("uses what linear-time matching does not have (" + e.getDescription() + "): back "
                    + "references, lookaround, possessive quantifiers and atomic groups are not supported; " + SYNTAX);
        } catch (StackOverflowError e) {
            throw new BadPatternException("nests too deeply to compile: simplify the regular expression");
        }
    }

    /** Whether the pattern ends inside a {@code \Q} quote that no {@code \E} closes. */
    private static boolean openQuote(String regex) {
        boolean quoting = false;
        for (int i = 0; i < regex.length(); i++) {
            if (quoting) {
                if (regex.startsWith("\\E", i)) {
                    quoting = false;
                    i++;
                }
            } else if (regex.charAt(i) == '\\' && i + 1 < regex.length()) {
                quoting = regex.charAt(++i) == 'Q';
            }
        }
        return quoting;
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
        decoded.flip();
        int start = unitStart ? 0 : Math.min(1, decoded.length());
        return (unitEnd ? whole : cut).reset(decoded).find(start);
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
}
