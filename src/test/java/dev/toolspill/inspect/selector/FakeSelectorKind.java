package dev.toolspill.inspect.selector;

import java.util.ArrayList;
import java.util.List;

/** A selector kind of the tests' own, {@code fake:N} (read as line N), to see that every text lists whatever kinds exist. */
public final class FakeSelectorKind implements SelectorKind {

    public static final String FORM = "fake:N (a kind of the tests' own)";
    public static final String DESCRIPTION = "fake:N reads line N, a kind only the tests know.";
    public static final String EXAMPLE = "fake:7";

    /** The real kinds, then this one. */
    public static SelectorKinds withFake() {
        List<SelectorKind> kinds = new ArrayList<>(SelectorKinds.STANDARD.kinds());
        kinds.add(new FakeSelectorKind());
        return new SelectorKinds(kinds);
    }

    @Override
    public String prefix() {
        return "fake:";
    }

    @Override
    public String form() {
        return FORM;
    }

    @Override
    public String description() {
        return DESCRIPTION;
    }

    @Override
    public String example() {
        return EXAMPLE;
    }

    @Override
    public Selector parse(String text) {
        long line = Long.parseLong(text.substring(prefix().length()));
        return new Selector.Lines(line, line);
    }
}
