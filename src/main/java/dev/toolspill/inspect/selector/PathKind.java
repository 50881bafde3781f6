package dev.toolspill.inspect.selector;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolspill.output.KeyNames;
import dev.toolspill.text.Utf8;

import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The grammar of {@code path:} selectors: {@code path:POINTER}, optionally followed by one space and
 * {@code slice:A..B} (elements of the array there) or {@code keys:A..B} (members of the object there). The pointer
 * may be written as a JSON string, {@code path:"/a b slice:1..2"}, to reach keys that end like a page or have outer
 * spaces; {@link #display} writes it so whenever the plain form would read back differently.
 */
public final class PathKind implements SelectorKind {

    private static final Pattern PAGE = Pattern.compile("(slice|keys):(\\d{1,18})\\.\\.(\\d{1,18})?");
    private static final Pattern PAGED = Pattern.compile("(.*?)\\s+(" + PAGE.pattern() + ")", Pattern.DOTALL);

    @Override
    public String prefix() {
        return "path:";
    }

    @Override
    public String form() {
        return "path:/POINTER (JSON, RFC 6901; add slice:A..B or keys:A..B to page the array or object there, "
                + "e.g. path:/results slice:0..20)";
    }

    @Override
    public String description() {
        return "path:POINTER (a JSON Pointer, RFC 6901, into any JSON value, ~1 for / and ~0 for ~ in a key): "
                + "path:/results/120/name, path:/0/id; add slice:A..B or keys:A..B to page the array or object there: "
                + "path:/results slice:100..120, path:/shapes keys:0..50.";
    }

    @Override
    public String example() {
        return "path:/results/120/name";
    }

    @Override
    public Selector.Path parse(String selector) {
        String rest = selector.substring(prefix().length());
        if (rest.startsWith("\"")) {
            return quoted(selector, rest);
        }
        Matcher paged = PAGED.matcher(rest);
        if (paged.matches()) {
            return new Selector.Path(pointer(selector, paged.group(1)), page(selector, paged.group(2)));
        }
        if (PAGE.matcher(rest).matches()) {
            throw new InvalidSelectorException("selector '" + Utf8.clip(selector, 200) + "' has no pointer before the page: "
                    + "write path: " + rest + " for the whole document, or path:/POINTER " + rest);
        }
        return new Selector.Path(pointer(selector, rest), null);
    }

    /** {@code "POINTER"} as a JSON string, then optionally a page. */
    private static Selector.Path quoted(String selector, String rest) {
        try (JsonParser parser = QuotedText.JSON.createParser(rest)) {
            if (parser.nextToken() == JsonToken.VALUE_STRING) {
                String pointer = parser.getText();
                String after = rest.substring((int) parser.currentLocation().getCharOffset()).strip();
                if (after.isEmpty()) {
                    return new Selector.Path(pointer(selector, pointer), null);
                }
                return new Selector.Path(pointer(selector, pointer), page(selector, after));
            }
        } catch (IOException e) {
            // refused below
        }
        throw new InvalidSelectorException("selector '" + Utf8.clip(selector, 200) + "' starts a quoted pointer but is not "
                + "one JSON string: write path:\"/POINTER\" with JSON escapes, e.g. path:\"/a b \" for a key with a trailing space");
    }

    private static JsonPointer pointer(String selector, String text) {
        try {
            return JsonPointer.parse(text);
        } catch (InvalidSelectorException e) {
            throw new InvalidSelectorException("selector '" + Utf8.clip(selector, 200) + "': " + e.getMessage());
        }
    }

    private static Selector.Page page(String selector, String text) {
        Matcher page = PAGE.matcher(text);
        if (!page.matches()) {
            throw new InvalidSelectorException("selector '" + Utf8.clip(selector, 200) + "' ends in '" + Utf8.clip(text, 100)
                    + "', which is not a page: write slice:A..B (array elements) or keys:A..B (object keys) after the pointer");
        }
        long from = Long.parseLong(page.group(2));
        long to = page.group(3) != null ? Long.parseLong(page.group(3)) : Long.MAX_VALUE;
        if (to <= from) {
            throw new InvalidSelectorException("selector '" + Utf8.clip(selector, 200) + "' selects nothing: " + page.group(1)
                    + ":A..B is 0-based with the end excluded, so B must be > A, e.g. " + page.group(1) + ":0..10");
        }
        return new Selector.Page(page.group(1).equals("keys"), from, to);
    }

    /** The pointer as a selector writes it: plain, or as a JSON string when plain would not read back the same. */
    public static String display(JsonPointer pointer) {
        String text = pointer.toString();
        boolean plain = !text.startsWith("\"") && text.equals(text.strip())
                && text.chars().noneMatch(c -> Character.isISOControl(c) || c == 0x2028 || c == 0x2029)
                && !PAGED.matcher(text).matches();
        return plain ? text : KeyNames.quoted(text);
    }
}
