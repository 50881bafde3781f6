package dev.toolspill.inspect.selector;

import dev.toolspill.output.KeyNames;
import dev.toolspill.scan.BlobKind;

/** What {@code inspect} reads from a blob: one record per kind; each kind's grammar is its {@link SelectorKind}. */
public sealed interface Selector {

    /** Whether a selector of this kind reads a blob of {@code kind}. */
    boolean appliesTo(BlobKind kind);

    /** This selection, read by the method of {@code reads} for its kind. */
    <T> T readWith(Reads<T> reads);

    /** What reads each kind of selection: one method per kind, so a kind without a reader does not compile. */
    interface Reads<T> {
        T head(Head head);

        T lines(Lines lines);

        T slice(Slice slice);

        T key(Key key);

        T bytes(Bytes bytes);

        T path(Path path);

        T grep(Grep grep);
    }

    /** No selector: metadata and the head. */
    record Head() implements Selector {
        @Override
        public boolean appliesTo(BlobKind kind) {
            return true;
        }

        @Override
        public <T> T readWith(Reads<T> reads) {
            return reads.head(this);
        }

        @Override
        public String toString() {
            return "";
        }
    }

    /** Lines {@code from..to} of a text, 1-based and inclusive; {@code to} may be {@link Long#MAX_VALUE} (to the end). */
    record Lines(long from, long to) implements Selector {
        @Override
        public boolean appliesTo(BlobKind kind) {
            return kind == BlobKind.TEXT;
        }

        @Override
        public <T> T readWith(Reads<T> reads) {
            return reads.lines(this);
        }

        @Override
        public String toString() {
            return "lines:" + from + "-" + (to == Long.MAX_VALUE ? "" : to);
        }
    }

    /** Elements {@code from..to-1} of a JSON array, 0-based, end exclusive; {@code to} may be {@link Long#MAX_VALUE}. */
    record Slice(long from, long to) implements Selector {
        @Override
        public boolean appliesTo(BlobKind kind) {
            return kind == BlobKind.JSON_ARRAY;
        }

        @Override
        public <T> T readWith(Reads<T> reads) {
            return reads.slice(this);
        }

        @Override
        public String toString() {
            return "slice:" + from + ".." + (to == Long.MAX_VALUE ? "" : to);
        }
    }

    /** The value of a top-level key of a JSON object. */
    record Key(String name) implements Selector {
        @Override
        public boolean appliesTo(BlobKind kind) {
            return kind == BlobKind.JSON_OBJECT;
        }

        @Override
        public <T> T readWith(Reads<T> reads) {
            return reads.key(this);
        }

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
        @Override
        public boolean appliesTo(BlobKind kind) {
            return true;
        }

        @Override
        public <T> T readWith(Reads<T> reads) {
            return reads.bytes(this);
        }

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
        public boolean appliesTo(BlobKind kind) {
            return kind.isJson();
        }

        @Override
        public <T> T readWith(Reads<T> reads) {
            return reads.path(this);
        }

        @Override
        public String toString() {
            return "path:" + PathKind.display(pointer) + (page == null ? "" : " " + page);
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
     * Lines of a text (or entries of a JSON array) that match {@code pattern}: literal text, or a regular
     * expression (RE2/J: Java syntax without back references or lookaround) when {@code regex}; {@code context} lines around each match, at most {@code max} matches, from line
     * (entry) {@code from} on ({@code -1}: from the first). {@link GrepKind} holds the grammar.
     */
    record Grep(String pattern, boolean regex, boolean ignoreCase, int context, long max, long from) implements Selector {
        @Override
        public boolean appliesTo(BlobKind kind) {
            return kind != BlobKind.JSON_OBJECT;
        }

        @Override
        public <T> T readWith(Reads<T> reads) {
            return reads.grep(this);
        }

        /** The same search, from unit {@code n} on: the next part of a grep. */
        public Grep from(long n) {
            return new Grep(pattern, regex, ignoreCase, context, max, n);
        }

        @Override
        public String toString() {
            return GrepKind.display(this);
        }
    }

    /** The selector {@code text} names ({@code null} or blank: the head), parsed by its kind in {@link SelectorKinds}. */
    static Selector parse(String text) {
        return SelectorKinds.STANDARD.parse(text);
    }
}
