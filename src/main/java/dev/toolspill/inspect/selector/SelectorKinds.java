package dev.toolspill.inspect.selector;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The selector kinds, in order, and every text built from them: the one place a selector is dispatched to its kind by
 * its prefix, and the one source of the lists the model, MCP clients and the OpenAPI document read. A kind added to
 * {@link #STANDARD} shows up in all of them.
 */
public final class SelectorKinds {

    /** Every kind {@code inspect} reads, in the order the texts list them. */
    public static final SelectorKinds STANDARD = new SelectorKinds(List.of(new HeadKind(), new LinesKind(), new SliceKind(),
            new KeyKind(), new BytesKind(), new PathKind(), new GrepKind()));

    private static final String NEXT_PARTS = "When an answer is cut or paged, its last line names the selector for the next "
            + "part (e.g. lines:51-400, grep:timeout from:1235, bytes:16296..350019 then grep:timeout from:4).";

    private final List<SelectorKind> kinds;

    SelectorKinds(List<SelectorKind> kinds) {
        this.kinds = List.copyOf(kinds);
    }

    public List<SelectorKind> kinds() {
        return kinds;
    }

    /** The selector {@code text} names: the first kind that claims it parses it. */
    public Selector parse(String text) {
        String s = text == null ? "" : text.strip();
        for (SelectorKind kind : kinds) {
            if (kind.claims(s)) {
                Selector selector = kind.parse(s);
                if (selector != null) {
                    return selector;
                }
                break;
            }
        }
        throw notUnderstood(s);
    }

    /** The error for a selector no kind reads: it lists every form. */
    InvalidSelectorException notUnderstood(String selector) {
        return new InvalidSelectorException("selector '" + selector + "' is not understood: use " + forms());
    }

    /**
     * Every form in short, then one example of each: for error messages and parameter descriptions. The kinds written
     * with a prefix come first, in order; the head (no selector at all) ends the list.
     */
    public String forms() {
        String written = kinds.stream().filter(kind -> !kind.prefix().isEmpty()).map(SelectorKind::form)
                .collect(Collectors.joining(", "));
        String none = kinds.stream().filter(kind -> kind.prefix().isEmpty()).map(kind -> ", or " + kind.form())
                .collect(Collectors.joining());
        return written + none + " (e.g. " + examples() + ")";
    }

    /** The description of the tool's {@code selector} parameter: every kind's paragraph, then how a cut reads on. */
    public String parameterDescription() {
        return kinds.stream().map(SelectorKind::description).collect(Collectors.joining(" ")) + " " + NEXT_PARTS;
    }

    /** One example of every kind, comma-separated: for the tool's description. */
    public String examples() {
        return kinds.stream().map(SelectorKind::example).filter(example -> !example.isEmpty()).collect(Collectors.joining(", "));
    }
}
