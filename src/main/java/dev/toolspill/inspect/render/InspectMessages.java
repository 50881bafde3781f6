package dev.toolspill.inspect.render;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.inspect.selector.InvalidSelectorException;
import dev.toolspill.inspect.selector.JsonPointer;
import dev.toolspill.inspect.selector.PathKind;
import dev.toolspill.inspect.selector.Selector;
import dev.toolspill.inspect.walk.PathOutcome;
import dev.toolspill.output.KeyNames;
import dev.toolspill.scan.BlobKind;
import dev.toolspill.scan.ReadIndex;
import dev.toolspill.text.Utf8;

import java.util.Iterator;
import java.util.Map;

/** What inspect says when a selector cannot be read, always with what would work instead. */
public final class InspectMessages {

    private InspectMessages() {
    }

    public static void checkFits(BlobId id, ReadIndex index, Selector selector) {
        if (!selector.appliesTo(index.kind())) {
            String grep = selector instanceof Selector.Grep ? " (grep: searches the lines of a text or the entries of a JSON array)" : "";
            throw new InvalidSelectorException("selector '" + selector + "' does not apply to blob " + id + ", a "
                    + index.kind().label() + " with " + index.count() + " " + index.kind().unit() + grep + ": use " + selectorsFor(index));
        }
    }

    public static void checkStart(BlobId id, ReadIndex index, long from) {
        boolean past = index.kind() == BlobKind.TEXT ? from > index.count() : from >= index.count();
        if (past) {
            throw new InvalidSelectorException("blob " + id + " has " + index.count() + " " + index.kind().unit()
                    + ", so the selection starts past its end: use " + unitsOf(index));
        }
    }

    /** Every selector that reads this blob, with its bounds. */
    static String selectorsFor(ReadIndex index) {
        long n = index.count();
        String bytes = index.bytes() == 0 ? "" : ", or bytes:A..B with 0 <= A < B <= " + index.bytes() + " (e.g. bytes:0.." + Math.min(index.bytes(), 4096) + ")";
        return switch (index.kind()) {
            case TEXT -> unitsOf(index) + (n == 0 ? "" : ", grep:PATTERN for the lines that match (e.g. grep:error)" + bytes);
            case JSON_ARRAY -> unitsOf(index) + (n == 0 ? "" : ", path:/N/... for a value inside an element (e.g. path:/0), "
                    + "grep:PATTERN for the entries that match" + bytes);
            case JSON_OBJECT -> unitsOf(index) + ", path:/KEY/... for a value at any depth (then slice:A..B or keys:A..B "
                    + "pages what is there, e.g. path:/KEY slice:0..10)" + bytes;
        };
    }

    /** The selector of the blob's own units (lines, entries, keys), with its bounds. */
    static String unitsOf(ReadIndex index) {
        long n = index.count();
        return switch (index.kind()) {
            case TEXT -> n == 0 ? "nothing: the text is empty"
                    : "lines:A-B with 1 <= A <= B <= " + n + " (e.g. lines:1-" + Math.min(n, 50) + ")";
            case JSON_ARRAY -> n == 0 ? "nothing: the array is empty"
                    : "slice:A..B with 0 <= A < B <= " + n + " (e.g. slice:0.." + Math.min(n, 10) + ")";
            case JSON_OBJECT -> "key:NAME for a top-level key (key:\"NAME\" as a JSON string for keys with spaces, quotes or control characters)";
        };
    }

    public static void checkBytes(BlobId id, ReadIndex index, Selector.Bytes bytes) {
        if (bytes.from() >= index.bytes()) {
            throw new InvalidSelectorException("blob " + id + " has " + index.bytes() + " bytes, so '" + bytes
                    + "' starts past its end: use bytes:A..B with 0 <= A < B <= " + index.bytes());
        }
    }

    /** Where a pointer stops: what is there, so the next try can name something that exists. */
    public static InvalidSelectorException missing(BlobId id, Selector.Path path, int level, PathOutcome.Missing there) {
        JsonPointer pointer = path.pointer();
        String at = pointer.prefix(level).display();
        String token = Utf8.clip(pointer.token(level), 200);
        String why = switch (there.what()) {
            case "object" -> at + " has no key " + KeyNames.quoted(token) + "; it is an object of " + count(there.count(), "key", "keys")
                    + (there.keys() == null || there.keys().isEmpty() ? "" : ": " + String.join(", ", there.keys())
                    + (there.count() > there.keys().size() ? ", … +" + (there.count() - there.keys().size()) + " more keys" : ""));
            case "array" -> at + (there.count() == 0 ? " is an empty array"
                    : " is an array of " + count(there.count(), "entry", "entries") + " (0.." + (there.count() - 1) + ")")
                    + (JsonPointer.index(token) < 0 ? "; " + KeyNames.quoted(token) + " is not an index"
                    : ", so " + token + " is past its end");
            default -> at + " is " + article(there.what()) + ", so nothing is inside it";
        };
        return new InvalidSelectorException("blob " + id + " has nothing at path " + pointer.display() + ": " + why);
    }

    /** A page that does not fit what the pointer names: say what is there and which page (or none) reads it. */
    public static InvalidSelectorException pageMismatch(BlobId id, Selector.Path path, int level, String what, long count) {
        String at = path.pointer().prefix(level).display();
        String use = switch (what) {
            case "object" -> "it is an object of " + count(count, "key", "keys") + ": page it with keys:A..B";
            case "array" -> "it is an array of " + count(count, "entry", "entries") + ": page it with slice:A..B";
            default -> "it is " + article(what) + ", with nothing to page: read it with path:" + PathKind.display(path.pointer());
        };
        return new InvalidSelectorException("'" + path.page() + "' does not apply to " + at + " in blob " + id + ": " + use);
    }

    public static InvalidSelectorException pagePastEnd(BlobId id, Selector.Path path, boolean object, long count) {
        String unit = object ? "keys" : "entries";
        return new InvalidSelectorException("blob " + id + ": " + path.pointer().display() + " has " + count + " " + unit
                + ", so '" + path.page() + "' starts past its end" + (count == 0 ? "" : ": use " + (object ? "keys:" : "slice:")
                + "A..B with 0 <= A < B <= " + count));
    }

    private static String count(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }

    private static String article(String what) {
        return what.equals("null") ? "null" : (what.equals("array") || what.equals("object") ? "an " : "a ") + what;
    }

    public static InvalidSelectorException unknownKey(BlobId id, String name, Map<String, ByteRange> values) {
        StringBuilder keys = new StringBuilder();
        Iterator<String> names = values.keySet().iterator();
        int shown = 0;
        while (names.hasNext() && shown < 50 && keys.length() < 2000) {
            keys.append(shown == 0 ? "" : ", ").append(KeyNames.display(Utf8.clip(names.next(), 200)));
            shown++;
        }
        if (names.hasNext()) {
            keys.append(", … +").append(values.size() - shown).append(" more keys");
        }
        String asked = Utf8.clip(name, 200);
        return new InvalidSelectorException("blob " + id + " has no top-level key "
                + (KeyNames.display(asked).equals(asked) ? "'" + asked + "'" : KeyNames.quoted(asked))
                + (values.isEmpty() ? "; it has no keys" : "; its keys are: " + keys));
    }
}
