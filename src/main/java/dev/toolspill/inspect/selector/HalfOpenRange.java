package dev.toolspill.inspect.selector;

import dev.toolspill.text.Utf8;

import java.util.regex.Matcher;

/** {@code A..B} or {@code A..} as {@code slice:} and {@code bytes:} write it: 0-based, the end excluded. */
record HalfOpenRange(long from, long to) {

    /** The range in groups 1 and 2 of a matched selector; an empty one is refused with the form and an example. */
    static HalfOpenRange of(Matcher matched, String text, String form, String example) {
        long from = Long.parseLong(matched.group(1));
        long to = matched.group(2) != null ? Long.parseLong(matched.group(2)) : Long.MAX_VALUE;
        if (to <= from) {
            throw new InvalidSelectorException("selector '" + Utf8.clip(text, 200) + "' selects nothing: " + form + " is 0-based "
                    + "with the end excluded, so B must be > A, e.g. " + example);
        }
        return new HalfOpenRange(from, to);
    }
}
