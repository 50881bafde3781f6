package dev.toolspill.inspect;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolspill.output.KeyNames;
import dev.toolspill.text.Utf8;

import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What {@code inspect} reads from a blob. */
public sealed interface Selector {

    String USAGE = "use lines:A-B (text, 1-based, inclusive), slice:A..B (JSON array, 0-based, end exclusive), "
            + "key:NAME or key:\"NAME\" (JSON object, a top-level key; the quoted form is a JSON string), "
            + "bytes:A..B (any blob, 0-based, end exclusive), path:/POINTER (JSON, RFC 6901, e.g. path:/results/0/name; "
            + "add slice:A..B or keys:A..B to page the array or object there, e.g. path:/results slice:0..20), "
            + "grep:TEXT, grep:\"TEXT\" or grep:/REGEX/ (text lines or JSON array entries that match; i after the closing "
            + "quote or slash ignores case; add context:N, max:N or from:N, e.g. grep:/time(d )?out/i context:2), "
            + "or no selector for metadata and the head";

    /** No selector: metadata and the head. */
    record Head() implements Selector {
        @Override
        public String toString() {
            return "";
        }
    }

    /** Lines {@code from..to} of a text, 1-based and inclusive; {@code to} may be {@link Long#MAX_VALUE} (to the end). */
    record Lines(long from, long to) implements Selector {
        @Override
        public String toString() {
            return "lines:" + from + "-" + (to == Long.MAX_VALUE ? "" : to);
        }
    }

    /** Elements {@code from..to-1} of a JSON array, 0-based, end exclusive; {@code to} may be {@link Long#MAX_VALUE}. */
    record Slice(long from, long to) implements Selector {
        @Override
        public String toString() {
            return "slice:" + from + ".." + (to == Long.MAX_VALUE ? "" : to);
        }
    }

    /** The value of a top-level key of a JSON object. */
    record Key(String name) implements Selector {
        @Override
        public String toString() {
            return "key:" + KeyNames.display(name);
        }
    }

    /**
     * Bytes {@code from..to-1} of any blob, 0-based, end exclusive ({@code to} may be {@link Long#MAX_VALUE}: to the
     * end). An end inside a UTF-8 character moves on to the next character boundary. {@code then}, when not null, is
     * what the selection goes on with after these bytes (the rest of a line or element too long for the limit).
     */
    record Bytes(long from, long to, Selector then) implements Selector {
        public Bytes(long from, long to) {
            this(from, to, null);
        }

        @Override
        public String toString() {
            return "bytes:" + from + ".." + (to == Long.MAX_VALUE ? "" : to) + (then == null ? "" : " then " + then);
        }
    }

    /** The value at a JSON Pointer; with {@code page}, elements or keys (members as stored) A..B-1 of what is there. */
    record Path(JsonPointer pointer, Page page) implements Selector {
        @Override
        public String toString() {
            return "path:" + Paths.display(pointer) + (page == null ? "" : " " + page);
        }
    }

    /** Elements ({@code slice:}) or keys ({@code keys:}) {@code from..to-1} of an array or object, 0-based, end exclusive. */
    record Page(boolean keys, long from, long to) {
        @Override
        public String toString() {
            return (keys ? "keys:" : "slice:") + from + ".." + (to == Long.MAX_VALUE ? "" : to);
        }
    }

    /**
     * Lines of a text (or entries of a JSON array) that match {@code pattern}: literal text, or a Java regular
     * expression when {@code regex}; {@code context} lines around each match, at most {@code max} matches, from line
     * (entry) {@code from} on ({@code -1}: from the first). {@link Greps} holds the grammar.
     */
    record Grep(String pattern, boolean regex, boolean ignoreCase, int context, long max, long from) implements Selector {
        /** The same search, from unit {@code n} on: the next part of a grep. */
        public Grep from(long n) {
            return new Grep(pattern, regex, ignoreCase, context, max, n);
        }

        @Override
        public String toString() {
            return Greps.display(this);
        }
    }

    Pattern LINES = Pattern.compile("lines:(\\d{1,18})(?:-(\\d{1,18})?)?");
    Pattern SLICE = Pattern.compile("slice:(\\d{1,18})\\.\\.(\\d{1,18})?");
    Pattern BYTES = Pattern.compile("bytes:(\\d{1,18})\\.\\.(\\d{1,18})?(?:\\s+then\\s+(.+))?", Pattern.DOTALL);

    /** {@code "NAME"} as a JSON string: reaches the empty key, keys with outer spaces, quotes or control characters. */
    private static String quotedKey(String quoted) {
        try (JsonParser parser = QUOTED.createParser(quoted)) {
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

    JsonFactory QUOTED = new JsonFactory();

    static Selector parse(String text) {
        if (text == null || text.isBlank()) {
            return new Head();
        }
        String s = text.strip();
        if (s.startsWith("key:")) {
            String name = s.substring(4);
            if (name.startsWith("\"")) {
                return new Key(quotedKey(name));
            }
            if (name.isEmpty()) {
                throw new InvalidSelectorException("selector 'key:' names no key: write key:NAME, e.g. key:results, "
                        + "or key:\"\" for the empty key");
            }
            return new Key(name);
        }
        if (s.startsWith("path:")) {
            return Paths.parse(s);
        }
        if (s.startsWith("grep:")) {
            return Greps.parse(s);
        }
        Matcher bytes = BYTES.matcher(s);
        if (bytes.matches()) {
            long from = Long.parseLong(bytes.group(1));
            long to = bytes.group(2) != null ? Long.parseLong(bytes.group(2)) : Long.MAX_VALUE;
            if (to <= from) {
                throw new InvalidSelectorException("selector '" + Utf8.clip(s, 200) + "' selects nothing: bytes:A..B is 0-based "
                        + "with the end excluded, so B must be > A, e.g. bytes:0..4096");
            }
            if (bytes.group(3) != null && bytes.group(3).strip().startsWith("bytes:")) {
                // a next part never chains bytes: (parsing a chain would recurse once per link, and overflow the stack)
                throw new InvalidSelectorException("selector '" + Utf8.clip(s, 200) + "' continues with bytes: after 'then': "
                        + "write bytes:A..B then SELECTOR with a selector other than bytes:, or one bytes:A..C for the bytes of both");
            }
            Selector then = bytes.group(3) == null ? null : parse(bytes.group(3));
            if (then instanceof Head) {
                throw new InvalidSelectorException("selector '" + Utf8.clip(s, 200) + "' has nothing after 'then': "
                        + "write bytes:A..B then SELECTOR, or bytes:A..B alone");
            }
            return new Bytes(from, to, then);
        }
        Matcher lines = LINES.matcher(s);
        if (lines.matches()) {
            long from = Long.parseLong(lines.group(1));
            long to = lines.group(2) != null ? Long.parseLong(lines.group(2)) : s.endsWith("-") ? Long.MAX_VALUE : from;
            if (from < 1 || to < from) {
                throw new InvalidSelectorException("selector '" + s + "' is not a line range: write lines:A-B with 1 <= A <= B (1-based, inclusive), e.g. lines:1-50");
            }
            return new Lines(from, to);
        }
        Matcher slice = SLICE.matcher(s);
        if (slice.matches()) {
            long from = Long.parseLong(slice.group(1));
            long to = slice.group(2) != null ? Long.parseLong(slice.group(2)) : Long.MAX_VALUE;
            if (to <= from) {
                throw new InvalidSelectorException("selector '" + s + "' selects nothing: slice:A..B is 0-based with the end excluded, so B must be > A, e.g. slice:0..10");
            }
            return new Slice(from, to);
        }
        throw new InvalidSelectorException("selector '" + s + "' is not understood: " + USAGE);
    }
}
