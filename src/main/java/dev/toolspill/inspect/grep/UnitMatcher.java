package dev.toolspill.inspect.grep;

/**
 * Whether a unit of a blob (a line, or an entry of a JSON array) matches a grep's pattern. A unit too long to hold
 * is tested part by part: {@code unitStart} and {@code unitEnd} say whether a part begins and ends the unit, and the
 * part after carries over the last {@link #overlap} bytes of the one before, so a match across the cut is seen.
 */
public sealed interface UnitMatcher permits Literal, RegexMatcher {

    /** Characters that make a regular expression more than its text. */
    String META = "\\^$.|?*+()[]{}";

    boolean matches(byte[] bytes, int from, int to, boolean unitStart, boolean unitEnd);

    /** Bytes of a long unit's previous part that the next part starts with. */
    int overlap();

    /** Whether a part must end on a character boundary (the matcher decodes characters). */
    boolean decodes();

    /**
     * The matcher of a pattern. Literal text (also a regular expression without special characters) is searched as
     * bytes, ignoring the case of ASCII letters when asked; anything else is a regular expression in Java's syntax,
     * matched by RE2/J in time linear in the unit, so no pattern can make a search backtrack. {@code window}: the
     * longest part of a unit tested at once.
     *
     * @throws BadPatternException for a regular expression that is not valid, or uses what linear-time matching does not have
     */
    static UnitMatcher of(String pattern, boolean regex, boolean ignoreCase, int window) {
        boolean plain = !pattern.isEmpty() && (!regex || pattern.chars().noneMatch(c -> META.indexOf(c) >= 0));
        if (plain && (!ignoreCase || Literal.foldable(pattern))) {
            return new Literal(pattern, ignoreCase);
        }
        return RegexMatcher.of(regex ? pattern : com.google.re2j.Pattern.quote(pattern), ignoreCase, window);
    }
}
