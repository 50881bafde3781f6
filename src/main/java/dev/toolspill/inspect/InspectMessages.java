package dev.toolspill.inspect;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.output.KeyNames;
import dev.toolspill.scan.BlobKind;
import dev.toolspill.scan.ReadIndex;
import dev.toolspill.text.Utf8;

import java.util.Iterator;
import java.util.Map;

/** What inspect says when a selector cannot be read, always with what would work instead. */
final class InspectMessages {

    private InspectMessages() {
    }

    static void checkFits(BlobId id, ReadIndex index, Selector selector) {
        boolean fits = selector instanceof Selector.Head
                || (selector instanceof Selector.Lines && index.kind() == BlobKind.TEXT)
                || (selector instanceof Selector.Slice && index.kind() == BlobKind.JSON_ARRAY)
                || (selector instanceof Selector.Key && index.kind() == BlobKind.JSON_OBJECT);
        if (!fits) {
            throw new InvalidSelectorException("selector '" + selector + "' does not apply to blob " + id + ", a "
                    + index.kind().label() + " with " + index.count() + " " + index.kind().unit() + ": use " + selectorsFor(index));
        }
    }

    static void checkStart(BlobId id, ReadIndex index, long from) {
        boolean past = index.kind() == BlobKind.TEXT ? from > index.count() : from >= index.count();
        if (past) {
            throw new InvalidSelectorException("blob " + id + " has " + index.count() + " " + index.kind().unit()
                    + ", so the selection starts past its end: use " + selectorsFor(index));
        }
    }

    static String selectorsFor(ReadIndex index) {
        long n = index.count();
        return switch (index.kind()) {
            case TEXT -> n == 0 ? "nothing: the text is empty"
                    : "lines:A-B with 1 <= A <= B <= " + n + " (e.g. lines:1-" + Math.min(n, 50) + ")";
            case JSON_ARRAY -> n == 0 ? "nothing: the array is empty"
                    : "slice:A..B with 0 <= A < B <= " + n + " (e.g. slice:0.." + Math.min(n, 10) + ")";
            case JSON_OBJECT -> "key:NAME for a top-level key (key:\"NAME\" as a JSON string for keys with spaces, quotes or control characters)";
        };
    }

    static InvalidSelectorException unknownKey(BlobId id, String name, Map<String, ByteRange> values) {
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
