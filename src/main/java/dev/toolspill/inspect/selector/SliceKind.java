package dev.toolspill.inspect.selector;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code slice:A..B}: elements of a JSON array, 0-based, end exclusive. */
final class SliceKind implements SelectorKind {

    private static final Pattern SLICE = Pattern.compile("slice:(\\d{1,18})\\.\\.(\\d{1,18})?");

    @Override
    public String prefix() {
        return "slice:";
    }

    @Override
    public String form() {
        return "slice:A..B (JSON array, 0-based, end exclusive)";
    }

    @Override
    public String description() {
        return "slice:A..B (JSON array elements, 0-based, end exclusive; slice:A.. to the end).";
    }

    @Override
    public String example() {
        return "slice:3..8";
    }

    @Override
    public Selector parse(String text) {
        Matcher slice = SLICE.matcher(text);
        if (!slice.matches()) {
            return null;
        }
        long from = Long.parseLong(slice.group(1));
        long to = slice.group(2) != null ? Long.parseLong(slice.group(2)) : Long.MAX_VALUE;
        if (to <= from) {
            throw new InvalidSelectorException("selector '" + text + "' selects nothing: slice:A..B is 0-based with the end "
                    + "excluded, so B must be > A, e.g. slice:0..10");
        }
        return new Selector.Slice(from, to);
    }
}
