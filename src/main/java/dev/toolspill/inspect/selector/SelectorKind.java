package dev.toolspill.inspect.selector;

/**
 * One kind of selector as a unit: how it is written, what it reads, and how it is parsed. {@link SelectorKinds} lists
 * the kinds in order, parses a selector with the kind its prefix names, and builds every text that describes them.
 */
public interface SelectorKind {

    /** How a selector of this kind starts, e.g. {@code lines:}; empty for the head (no selector). */
    String prefix();

    /** The form in short with what it reads, for lists: {@code lines:A-B (text, 1-based, inclusive)}. */
    String form();

    /** One paragraph for the model: every form of the kind, what it reads, with examples. */
    String description();

    /** One selector of this kind as written, which parses; empty for the head. */
    String example();

    /**
     * The selector {@code text} (stripped, starting with {@link #prefix}) names; null when it is not of this kind's
     * form, which the caller answers with the list of every form.
     *
     * @throws InvalidSelectorException when it is of this kind but wrong (a reversed range, a bad pointer)
     */
    Selector parse(String text);

    /** Whether this kind claims {@code text}: it starts with the prefix. */
    default boolean claims(String text) {
        return text.startsWith(prefix());
    }
}
