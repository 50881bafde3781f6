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
        HalfOpenRange range = HalfOpenRange.of(slice, text, "slice:A..B", "slice:0..10");
        return new Selector.Slice(range.from(), range.to());
    }
}
