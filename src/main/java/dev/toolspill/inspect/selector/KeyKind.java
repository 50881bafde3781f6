package dev.toolspill.inspect.selector;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolspill.text.Utf8;

import java.io.IOException;

/** {@code key:NAME} or {@code key:"NAME"}: the value of a top-level key of a JSON object. */
final class KeyKind implements SelectorKind {

    @Override
    public String prefix() {
        return "key:";
    }

    @Override
    public String form() {
        return "key:NAME or key:\"NAME\" (JSON object, a top-level key; the quoted form is a JSON string)";
    }

    @Override
    public String description() {
        return "key:NAME or key:\"NAME\" (a top-level key of a JSON object; the quoted form is a JSON string).";
    }

    @Override
    public String example() {
        return "key:results";
    }

    @Override
    public Selector parse(String text) {
        String name = text.substring(prefix().length());
        if (name.startsWith("\"")) {
            return new Selector.Key(quoted(name));
        }
        if (name.isEmpty()) {
            throw new InvalidSelectorException("selector 'key:' names no key: write key:NAME, e.g. key:results, "
                    + "or key:\"\" for the empty key");
        }
        return new Selector.Key(name);
    }

    /** {@code "NAME"} as a JSON string: reaches the empty key, keys with outer spaces, quotes or control characters. */
    private static String quoted(String quoted) {
        try (JsonParser parser = QuotedText.JSON.createParser(quoted)) {
            if (parser.nextToken() == JsonToken.VALUE_STRING) {
                String name = parser.getText();
                if (parser.nextToken() == null) {
                    return name;
                }
            }
        } catch (IOException e) {
            // refused below
        }
        throw new InvalidSelectorException("selector 'key:" + Utf8.clip(quoted, 200) + "' starts a quoted key but is not one "
                + "JSON string: write key:\"NAME\" with JSON escapes, e.g. key:\"trailing \" or key:\"\" for the empty key");
    }
}
