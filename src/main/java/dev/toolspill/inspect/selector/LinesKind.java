package dev.toolspill.inspect.selector;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code lines:A-B}: lines of a text, 1-based and inclusive. */
final class LinesKind implements SelectorKind {

    private static final Pattern LINES = Pattern.compile("lines:(\\d{1,18})(?:-(\\d{1,18})?)?");

    @Override
    public String prefix() {
        return "lines:";
    }

    @Override
    public String form() {
        return "lines:A-B (text, 1-based, inclusive)";
    }

    @Override
    public String description() {
        return "lines:A-B (text, 1-based, inclusive; lines:A- to the end).";
    }

    @Override
    public String example() {
        return "lines:20-50";
    }

    @Override
    public Selector parse(String text) {
        Matcher lines = LINES.matcher(text);
        if (!lines.matches()) {
            return null;
        }
        long from = Long.parseLong(lines.group(1));
        long to = lines.group(2) != null ? Long.parseLong(lines.group(2)) : text.endsWith("-") ? Long.MAX_VALUE : from;
        if (from < 1 || to < from) {
            throw new InvalidSelectorException("selector '" + text + "' is not a line range: write lines:A-B with 1 <= A <= B "
                    + "(1-based, inclusive), e.g. lines:1-50");
        }
        return new Selector.Lines(from, to);
    }
}
