package dev.toolspill.inspect;

/**
 * Whether a unit of a blob (a line, or an entry of a JSON array) matches a grep's pattern. A unit too long to hold
 * is tested part by part: {@code unitStart} and {@code unitEnd} say whether a part begins and ends the unit, and the
 * part after carries over the last {@link #overlap} bytes of the one before, so a match across the cut is seen.
 */
interface UnitMatcher {

    boolean matches(byte[] bytes, int from, int to, boolean unitStart, boolean unitEnd);

    /** Bytes of a long unit's previous part that the next part starts with. */
    int overlap();

    /** Whether a part must end on a character boundary (the matcher decodes characters). */
    boolean decodes();
}
