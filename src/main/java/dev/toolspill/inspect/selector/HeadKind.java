package dev.toolspill.inspect.selector;

/** No selector: the blob's metadata and head. */
final class HeadKind implements SelectorKind {

    @Override
    public String prefix() {
        return "";
    }

    @Override
    public String form() {
        return "no selector for metadata and the head";
    }

    @Override
    public String description() {
        return "Omit for metadata and the head.";
    }

    @Override
    public String example() {
        return "";
    }

    /** Claims only the empty selector: every other text is of some other kind, or not understood. */
    @Override
    public boolean claims(String text) {
        return text.isEmpty();
    }

    @Override
    public Selector parse(String text) {
        return new Selector.Head();
    }
}
