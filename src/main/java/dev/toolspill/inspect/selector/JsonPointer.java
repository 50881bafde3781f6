package dev.toolspill.inspect.selector;

import dev.toolspill.text.Utf8;

import java.util.ArrayList;
import java.util.List;

/**
 * A JSON Pointer (RFC 6901): {@code ""} is the whole document, {@code /results/120/name} a value inside it. In a
 * token {@code ~1} stands for {@code /} and {@code ~0} for {@code ~}; an array is indexed by {@code 0} or a number
 * without leading zeros.
 */
public record JsonPointer(List<String> tokens) {

    static final JsonPointer ROOT = new JsonPointer(List.of());

    public JsonPointer {
        tokens = List.copyOf(tokens);
    }

    static JsonPointer parse(String text) {
        if (text.isEmpty()) {
            return ROOT;
        }
        if (text.charAt(0) != '/') {
            throw new InvalidSelectorException("'" + Utf8.clip(text, 200) + "' is not a JSON Pointer: it starts with '/' "
                    + "(RFC 6901), e.g. path:/results/0/name, or is empty for the whole document");
        }
        List<String> tokens = new ArrayList<>();
        StringBuilder token = new StringBuilder();
        for (int i = 1; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : '/';
            if (c == '/') {
                tokens.add(token.toString());
                token.setLength(0);
            } else if (c == '~') {
                char escaped = i + 1 < text.length() ? text.charAt(++i) : ' ';
                if (escaped != '0' && escaped != '1') {
                    throw new InvalidSelectorException("'" + Utf8.clip(text, 200) + "' has a '~' that is not ~0 (for ~) or ~1 "
                            + "(for /), as RFC 6901 requires: write a key a~b as /a~0b and a/b as /a~1b");
                }
                token.append(escaped == '0' ? '~' : '/');
            } else {
                token.append(c);
            }
        }
        return new JsonPointer(tokens);
    }

    /** The first {@code n} tokens. */
    public JsonPointer prefix(int n) {
        return new JsonPointer(tokens.subList(0, n));
    }

    public int size() {
        return tokens.size();
    }

    public String token(int i) {
        return tokens.get(i);
    }

    /** An array index token as a number, or -1 when it is not one (RFC 6901: digits, no leading zero; "-" is none). */
    public static long index(String token) {
        if (token.isEmpty() || token.length() > 18 || (token.length() > 1 && token.charAt(0) == '0')) {
            return -1;
        }
        for (int i = 0; i < token.length(); i++) {
            if (token.charAt(i) < '0' || token.charAt(i) > '9') {
                return -1;
            }
        }
        return Long.parseLong(token);
    }

    /** The pointer as RFC 6901 writes it. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (String token : tokens) {
            text.append('/').append(token.replace("~", "~0").replace("/", "~1"));
        }
        return text.toString();
    }

    /** For messages: the pointer, or "the document" for the empty one, clipped. */
    public String display() {
        return tokens.isEmpty() ? "the document" : Utf8.clip(toString(), 300);
    }
}
