package dev.toolspill.output;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.async.ByteArrayFeeder;
import dev.toolspill.blob.BlobKind;
import dev.toolspill.blob.ByteRange;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One pass over an output of any size, chunk by chunk, in bounded memory: checks it is UTF-8, and
 * gathers the summary's shape and the read index, both for text and, when the output may be JSON,
 * for a JSON array or object (with a non-blocking parser). At the end it says which the output is.
 */
public final class StreamScanner {

    private static final JsonFactory FACTORY = dev.toolspill.output.Json.FACTORY;

    private final Summarizer summarizer;
    private final boolean jsonRequired;
    private final int every;
    private final int lineBytes;

    private long bytes;
    private final Utf8Check utf8 = new Utf8Check();

    // text
    private long newlines;
    private int lastByte = '\n';
    private final LongList lineOffsets = new LongList();
    private final List<byte[]> head = new ArrayList<>();
    // The current line and the last tail lines live in a ring of reused buffers: no allocation per line.
    private final byte[][] ring;
    private final int[] ringLength;
    private int current;
    private long tailLines;

    // json
    private boolean sniffing = true;
    private JsonParser parser;
    private String jsonFailure;
    private final Json json = new Json();

    public StreamScanner(Summarizer summarizer, boolean jsonRequired, int every) {
        this.summarizer = summarizer;
        this.jsonRequired = jsonRequired;
        this.every = every;
        this.lineBytes = summarizer.lineChars() * 2;
        this.ring = new byte[summarizer.tailLines() + 1][lineBytes];
        this.ringLength = new int[ring.length];
        lineOffsets.add(0);
        try {
            parser = FACTORY.createNonBlockingByteArrayParser();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Thrown when the bytes cannot be what they claim: not UTF-8, or not JSON although JSON is required. */
    public static class InvalidOutputException extends IllegalArgumentException {
        public InvalidOutputException(String message) {
            super(message);
        }
    }

    public void feed(byte[] chunk, int offset, int length) {
        if (length <= 0) {
            return;
        }
        if (!utf8.accept(chunk, offset, length)) {
            throw new InvalidOutputException("the body is not valid UTF-8 (at byte " + (bytes + utf8.badAt) + "): send text encoded as UTF-8");
        }
        if (sniffing) {
            sniff(chunk, offset, length);
        }
        scanLines(chunk, offset, length);
        if (parser != null) {
            feedJson(chunk, offset, length);
        }
        bytes += length;
        lastByte = chunk[offset + length - 1];
    }

    /** Keeps parsing JSON only if the first non-blank byte can start an array or object (or JSON is required). */
    private void sniff(byte[] chunk, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            byte c = chunk[i];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                sniffing = false;
                if (c != '[' && c != '{' && !jsonRequired) {
                    parser = null;
                }
                return;
            }
        }
    }

    private void scanLines(byte[] chunk, int offset, int length) {
        int end = offset + length;
        int start = offset;
        for (int i = offset; i < end; i++) {
            if (i + 8 <= end && !hasNewline((long) Utf8Check.LONGS.get(chunk, i))) {
                i += 7; // no newline in these eight bytes
                continue;
            }
            if (chunk[i] == '\n') {
                keepLinePart(chunk, start, i + 1 - start);
                lineDone();
                newlines++;
                if (newlines % every == 0) {
                    lineOffsets.add(bytes + (i + 1 - offset));
                }
                start = i + 1;
            }
        }
        keepLinePart(chunk, start, end - start);
    }

    /** Whether any of the eight bytes is '\n' (the classic has-zero-byte test on {@code word ^ 0x0A0A...}). */
    private static boolean hasNewline(long word) {
        long x = word ^ 0x0A0A0A0A0A0A0A0AL;
        return ((x - 0x0101010101010101L) & ~x & 0x8080808080808080L) != 0;
    }

    private void keepLinePart(byte[] chunk, int from, int length) {
        int room = lineBytes - ringLength[current];
        if (room > 0 && length > 0) {
            int n = Math.min(room, length);
            System.arraycopy(chunk, from, ring[current], ringLength[current], n);
            ringLength[current] += n;
        }
    }

    private boolean lineStarted() {
        return ringLength[current] > 0;
    }

    private void lineDone() {
        if (head.size() < summarizer.headLines()) {
            head.add(Arrays.copyOf(ring[current], ringLength[current]));
        } else {
            tailLines++;
            current = (current + 1) % ring.length;
        }
        ringLength[current] = 0;
    }

    /** The last lines after the head, oldest first. */
    private List<byte[]> tail() {
        int kept = (int) Math.min(tailLines, ring.length - 1);
        List<byte[]> lines = new ArrayList<>(kept);
        for (int i = kept; i >= 1; i--) {
            int slot = Math.floorMod(current - i, ring.length);
            lines.add(Arrays.copyOf(ring[slot], ringLength[slot]));
        }
        return lines;
    }

    private void feedJson(byte[] chunk, int offset, int length) {
        if (jsonFailure != null) {
            return;
        }
        try {
            ((ByteArrayFeeder) parser.getNonBlockingInputFeeder()).feedInput(chunk, offset, offset + length);
            drain();
        } catch (IOException e) {
            fail(e);
        }
    }

    private void drain() throws IOException {
        JsonToken token;
        while ((token = parser.nextToken()) != null && token != JsonToken.NOT_AVAILABLE) {
            json.on(token);
        }
    }

    private void fail(Exception e) {
        jsonFailure = e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse("");
        if (jsonRequired) {
            throw new InvalidOutputException("the body was sent as application/json but is not valid JSON: " + jsonFailure
                    + "; send it as text/plain to store it as text");
        }
        parser = null;
    }

    /** The output seen whole: what it is, its shape, and its read index. */
    public Scan finish() {
        if (parser != null && jsonFailure == null) {
            try {
                ((ByteArrayFeeder) parser.getNonBlockingInputFeeder()).endOfInput();
                drain();
                if (!json.complete()) {
                    throw new IOException(json.rootSeen() ? "the document ends before its closing bracket" : "no JSON value");
                }
            } catch (IOException e) {
                fail(e);
            }
        }
        if (!utf8.complete()) {
            throw new InvalidOutputException("the body is not valid UTF-8 (it ends inside a character): send text encoded as UTF-8");
        }
        if (parser != null && jsonFailure == null && json.container()) {
            return json.scan();
        }
        if (!json.container() && sniffing && !jsonRequired) {
            parser = null; // blank: text
        }
        // Text, or a JSON scalar: valid JSON but not structured, so it is stored as text.
        return textScan();
    }

    private Scan textScan() {
        if (lineStarted() || (bytes > 0 && lastByte != '\n')) {
            lineDone();
        }
        long lines = bytes == 0 ? 0 : lastByte == '\n' ? newlines : newlines + 1;
        List<String> headLines = head.stream().map(StreamScanner::lineText).toList();
        List<String> all = tail().stream().map(StreamScanner::lineText).toList();
        long tailCount = Math.min(summarizer.tailLines(), Math.max(0, lines - headLines.size()));
        List<String> tailLines = all.subList((int) Math.max(0, all.size() - tailCount), all.size());
        long[] offsets = lineOffsets.toArray();
        if (lastByte == '\n' && newlines % every == 0 && offsets.length > 1 && offsets[offsets.length - 1] == bytes) {
            offsets = Arrays.copyOf(offsets, offsets.length - 1); // no line starts at the very end
        }
        ReadIndex index = new ReadIndex(BlobKind.TEXT, bytes, lines, every, offsets, bytes, Map.of());
        return new Scan(BlobKind.TEXT, bytes, new Shape.TextShape(lines, headLines, tailLines), index);
    }

    private static String lineText(byte[] bytes) {
        return TextLines.strip(new String(bytes, StandardCharsets.UTF_8));
    }

    public record Scan(BlobKind kind, long bytes, Shape shape, ReadIndex index) {
    }

    /** Follows the JSON token stream: depth, the root's children, their spans, and what a summary needs. */
    private final class Json {
        private JsonToken root;
        private boolean rootClosed;
        private int depth;
        private long children;
        private final LongList elementOffsets = new LongList();
        private long end;
        // current top-level child
        private long childStart;
        private String fieldName;
        private JsonToken childType;
        private long childSize;
        private StringBuilder compact;
        private com.fasterxml.jackson.core.JsonGenerator writer;
        // results
        private final List<String> elements = new ArrayList<>();
        private List<Shape.Field> schema;
        private long schemaKeys;
        private String firstType;
        private final List<Shape.Field> fields = new ArrayList<>();
        private final Map<String, ByteRange> values = new LinkedHashMap<>();
        private final Set<String> keys = new HashSet<>();

        boolean rootSeen() {
            return root != null;
        }

        boolean container() {
            return root == JsonToken.START_ARRAY || root == JsonToken.START_OBJECT;
        }

        boolean complete() {
            return root != null && (rootClosed || !container());
        }

        void on(JsonToken token) throws IOException {
            if (rootClosed || (root != null && !container())) {
                throw new IOException("more than one JSON value");
            }
            if (root == null) {
                root = token;
                if (container()) {
                    depth = 1;
                }
                return;
            }
            if (depth == 1 && (token == JsonToken.END_ARRAY || token == JsonToken.END_OBJECT)) {
                end = parser.currentLocation().getByteOffset() - 1;
                rootClosed = true;
                depth = 0;
                return;
            }
            if (depth == 1 && token == JsonToken.FIELD_NAME) {
                fieldName = parser.currentName();
                return;
            }
            if (depth == 1) {
                startChild(token);
            } else {
                insideChild(token);
            }
            if (token.isStructStart()) {
                depth++;
            } else if (token.isStructEnd()) {
                depth--;
            }
            if (depth == 1) {
                endChild();
            }
        }

        private void startChild(JsonToken token) throws IOException {
            // The non-blocking parser reports a value's start one byte past its first character.
            childStart = parser.currentTokenLocation().getByteOffset() - 1;
            childType = token;
            childSize = token == JsonToken.VALUE_STRING ? parser.getText().codePointCount(0, parser.getTextLength()) : 0;
            if (root == JsonToken.START_ARRAY) {
                if (children % every == 0) {
                    elementOffsets.add(childStart);
                }
                if (children < summarizer.headElements()) {
                    compact = new StringBuilder();
                    writer = FACTORY.createGenerator(new CappedWriter(compact, summarizer.lineChars()));
                    writer.copyCurrentEventExact(parser);
                }
                if (children == 0 && token == JsonToken.START_OBJECT) {
                    schema = new ArrayList<>();
                }
            }
        }

        private void insideChild(JsonToken token) throws IOException {
            if (writer != null) {
                writer.copyCurrentEventExact(parser);
            }
            if (depth == 2) {
                if (token == JsonToken.FIELD_NAME) {
                    childSize++;
                    if (children == 0 && schema != null && schema.size() < summarizer.maxFields()) {
                        schema.add(new Shape.Field(parser.currentName(), null));
                    }
                } else if (!token.isStructEnd()) {
                    if (childType == JsonToken.START_ARRAY) {
                        childSize++;
                    }
                    if (children == 0 && schema != null && !schema.isEmpty() && schema.get(schema.size() - 1).type() == null) {
                        Shape.Field last = schema.remove(schema.size() - 1);
                        schema.add(new Shape.Field(last.name(), token.isStructStart() ? (token == JsonToken.START_ARRAY ? "array" : "object") : scalarType(token)));
                    }
                }
            }
        }

        private void endChild() throws IOException {
            long childEnd = parser.currentLocation().getByteOffset(); // just past the value's last byte
            if (writer != null) {
                writer.flush();
                elements.add(compact.toString());
                writer = null;
            }
            if (root == JsonToken.START_ARRAY) {
                if (children == 0 && childType != JsonToken.START_OBJECT) {
                    firstType = describe(childType, childSize);
                } else if (children == 0) {
                    schemaKeys = childSize;
                }
            } else {
                if (keys.add(fieldName)) {
                    if (fields.size() < summarizer.maxFields()) {
                        fields.add(new Shape.Field(fieldName, describe(childType, childSize)));
                    }
                } else {
                    fields.replaceAll(f -> f.name().equals(fieldName) ? new Shape.Field(fieldName, describe(childType, childSize)) : f);
                }
                values.put(fieldName, ByteRange.between(childStart, childEnd));
            }
            children++;
        }

        Scan scan() {
            if (root == JsonToken.START_ARRAY) {
                ReadIndex index = new ReadIndex(BlobKind.JSON_ARRAY, bytes, children, every, elementOffsets.toArray(), end, Map.of());
                return new Scan(BlobKind.JSON_ARRAY, bytes, new Shape.ArrayShape(children, schema, schemaKeys, firstType, elements), index);
            }
            ReadIndex index = new ReadIndex(BlobKind.JSON_OBJECT, bytes, keys.size(), every, new long[0], end, values);
            return new Scan(BlobKind.JSON_OBJECT, bytes, new Shape.ObjectShape(keys.size(), fields), index);
        }

        private String describe(JsonToken type, long size) {
            return switch (type) {
                case START_ARRAY -> "array[" + size + "]";
                case START_OBJECT -> "object{" + size + "}";
                case VALUE_STRING -> "string(" + size + ")";
                default -> scalarType(type);
            };
        }

        private String scalarType(JsonToken token) {
            return switch (token) {
                case VALUE_STRING -> "string";
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "number";
                case VALUE_TRUE, VALUE_FALSE -> "boolean";
                case VALUE_NULL -> "null";
                case START_ARRAY -> "array";
                default -> "object";
            };
        }
    }

    /** Keeps the first characters of what is written to it and drops the rest, so a huge element costs nothing. */
    private static final class CappedWriter extends java.io.Writer {
        private final StringBuilder out;
        private final int cap;

        CappedWriter(StringBuilder out, int cap) {
            this.out = out;
            this.cap = cap;
        }

        @Override
        public void write(char[] chars, int off, int len) {
            int room = cap - out.length();
            if (room > 0) {
                out.append(chars, off, Math.min(room, len));
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }

    /** A growable list of longs. */
    static final class LongList {
        private long[] values = new long[64];
        private int size;

        void add(long value) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = value;
        }

        long[] toArray() {
            return Arrays.copyOf(values, size);
        }
    }

    /**
     * An incremental, strict UTF-8 validator (no overlong forms, no surrogates, nothing past U+10FFFF);
     * a character may span chunks. Runs of ASCII are skipped eight bytes at a time.
     */
    static final class Utf8Check {
        static final java.lang.invoke.VarHandle LONGS =
                java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

        private int pending;
        private int low = 0x80;
        private int high = 0xBF;
        private int badAt = -1;

        boolean accept(byte[] b, int off, int len) {
            int end = off + len;
            for (int i = off; i < end; i++) {
                if (pending == 0 && i + 8 <= end && ((long) LONGS.get(b, i) & 0x8080808080808080L) == 0) {
                    i += 7; // eight ASCII bytes at once
                    continue;
                }
                int c = b[i] & 0xFF;
                if (pending > 0) {
                    if (c < low || c > high) {
                        badAt = i - off;
                        return false;
                    }
                    pending--;
                    low = 0x80;
                    high = 0xBF;
                    continue;
                }
                if (c < 0x80) {
                    continue;
                }
                if (c >= 0xC2 && c <= 0xDF) {
                    pending = 1;
                } else if (c >= 0xE0 && c <= 0xEF) {
                    pending = 2;
                    low = c == 0xE0 ? 0xA0 : 0x80; // no overlong 3-byte forms
                    high = c == 0xED ? 0x9F : 0xBF; // no surrogates
                } else if (c >= 0xF0 && c <= 0xF4) {
                    pending = 3;
                    low = c == 0xF0 ? 0x90 : 0x80; // no overlong 4-byte forms
                    high = c == 0xF4 ? 0x8F : 0xBF; // nothing past U+10FFFF
                } else {
                    badAt = i - off;
                    return false;
                }
            }
            return true;
        }

        boolean complete() {
            return pending == 0;
        }
    }
}
