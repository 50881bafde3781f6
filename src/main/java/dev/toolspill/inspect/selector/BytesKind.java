package dev.toolspill.inspect.selector;

import dev.toolspill.text.Utf8;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code bytes:A..B}, optionally {@code then SELECTOR}: bytes of any blob, 0-based, end exclusive. */
final class BytesKind implements SelectorKind {

    private static final Pattern BYTES = Pattern.compile("bytes:(\\d{1,18})\\.\\.(\\d{1,18})?(?:\\s+then\\s+(.+))?", Pattern.DOTALL);

    @Override
    public String prefix() {
        return "bytes:";
    }

    @Override
    public String form() {
        return "bytes:A..B (any blob, 0-based, end exclusive)";
    }

    @Override
    public String description() {
        return "bytes:A..B (any blob, 0-based byte offsets, end exclusive; bytes:A.. to the end).";
    }

    @Override
    public String example() {
        return "bytes:0..4096";
    }

    @Override
    public Selector parse(String text) {
        Matcher bytes = BYTES.matcher(text);
        if (!bytes.matches()) {
            return null;
        }
        HalfOpenRange range = HalfOpenRange.of(bytes, text, "bytes:A..B", "bytes:0..4096");
        return new Selector.Bytes(range.from(), range.to(), then(text, bytes.group(3)));
    }

    /** What the selection goes on with after the bytes: any selector but another {@code bytes:}, or none. */
    private static Selector then(String text, String rest) {
        if (rest == null) {
            return null;
        }
        if (rest.strip().startsWith("bytes:")) {
            // a next part never chains bytes: (parsing a chain would recurse once per link, and overflow the stack)
            throw new InvalidSelectorException("selector '" + Utf8.clip(text, 200) + "' continues with bytes: after 'then': "
                    + "write bytes:A..B then SELECTOR with a selector other than bytes:, or one bytes:A..C for the bytes of both");
        }
        Selector then = Selector.parse(rest);
        if (then instanceof Selector.Head) {
            throw new InvalidSelectorException("selector '" + Utf8.clip(text, 200) + "' has nothing after 'then': "
                    + "write bytes:A..B then SELECTOR, or bytes:A..B alone");
        }
        return then;
    }
}
