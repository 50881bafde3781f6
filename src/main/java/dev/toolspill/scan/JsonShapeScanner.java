package dev.toolspill.scan;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolspill.blob.ByteRange;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Follows a JSON document's tokens with a non-blocking parser, fed chunk by chunk: the root's children, their
 * byte spans (the read index), and what a summary shows of them. A repeated key counts once and its last value
 * wins, as in jq, at every level a summary reports. Offsets are of the stream, {@code base} bytes (a byte order
 * mark) before what the parser sees.
 */
final class JsonShapeScanner {

    private final ScanSettings settings;
    private final int every;
    private final JsonParser parser;
    private long base;
    private final JsonInput input;

    private JsonToken root;
    private boolean rootClosed;
    private int depth;
    private long children;
    private final LongList elementOffsets = new LongList();
    private long end;
    // the current top-level child
    private long childStart;
    private String fieldName;
    private JsonToken childType;
    private long childSize;
    private Set<String> childKeys;
    private String innerKey;
    private StringBuilder compact;
    private JsonGenerator writer;
    // what a summary shows
    private final List<String> elements = new ArrayList<>();
    private List<Shape.Field> schema;
    private long schemaKeys;
    private String firstType;
    private final List<Shape.Field> fields = new ArrayList<>();
    private final Map<String, ByteRange> values = new LinkedHashMap<>();
    private long unindexedKeys;
    private long unindexedFrom;
    private long previousEnd;

    JsonShapeScanner(ScanSettings settings, int every) {
        this.settings = settings;
        this.every = every;
        this.input = JsonInput.of(settings.json().factory());
        this.parser = input.parser();
    }

    /** Bytes before the document that the parser never sees (a byte order mark): offsets are shifted by them. */
    void skipped(long bytes) {
        base += bytes;
    }

    void feed(byte[] chunk, int offset, int length) throws IOException {
        if (input.feed(chunk, offset, length)) {
            drain();
        }
    }

    /** Ends the input; throws when the bytes were not one complete JSON value. */
    void endOfInput() throws IOException {
        input.end();
        drain();
        if (!(root != null && (rootClosed || !container()))) {
            throw new IOException(root != null ? "the document ends before its closing bracket" : "no JSON value");
        }
    }

    /** Whether the document is an array or object (else a scalar, stored as text). */
    boolean container() {
        return root == JsonToken.START_ARRAY || root == JsonToken.START_OBJECT;
    }

    private void drain() throws IOException {
        JsonToken token;
        while ((token = parser.nextToken()) != null && token != JsonToken.NOT_AVAILABLE) {
            on(token);
        }
    }

    private void on(JsonToken token) throws IOException {
        if (rootClosed || (root != null && !container())) {
            throw new IOException("more than one JSON value");
        }
        if (root == null) {
            root = token;
            depth = container() ? 1 : 0;
            return;
        }
        if (depth == 1 && token.isStructEnd()) {
            end = base + parser.currentLocation().getByteOffset() - 1;
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
        childStart = base + parser.currentTokenLocation().getByteOffset() - 1;
        childType = token;
        childSize = token == JsonToken.VALUE_STRING ? parser.getText().codePointCount(0, parser.getTextLength()) : 0;
        childKeys = token == JsonToken.START_OBJECT ? new HashSet<>() : null;
        if (root == JsonToken.START_ARRAY) {
            if (children % every == 0) {
                elementOffsets.add(childStart);
            }
            if (children < settings.headElements()) {
                compact = new StringBuilder();
                writer = settings.json().factory().createGenerator(new CappedWriter(compact, settings.lineChars()));
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
        if (depth != 2) {
            return;
        }
        if (token == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            if (childKeys.size() >= settings.json().maxIndexKeys() || childKeys.add(name)) { // past the cap, keys are counted, not kept
                childSize++;
                if (children == 0 && schema != null && schema.size() < settings.maxFields()) {
                    schema.add(new Shape.Field(name, null));
                }
            } else if (children == 0 && schema != null) {
                // a repeated key: listed once, where it first appeared, with the type of its last value
                schema.replaceAll(field -> field.name().equals(name) ? new Shape.Field(name, null) : field);
            }
            innerKey = name;
        } else if (!token.isStructEnd()) {
            if (childType == JsonToken.START_ARRAY) {
                childSize++;
            }
            if (children == 0 && schema != null) {
                String type = token.isStructStart() ? (token == JsonToken.START_ARRAY ? "array" : "object") : scalarType(token);
                String name = innerKey;
                schema.replaceAll(field -> field.name().equals(name) && field.type() == null ? new Shape.Field(name, type) : field);
            }
        }
    }

    private void endChild() throws IOException {
        long childEnd = base + parser.currentLocation().getByteOffset(); // just past the value's last byte
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
            Shape.Field field = new Shape.Field(fieldName, describe(childType, childSize));
            if (values.containsKey(fieldName)) {
                fields.replaceAll(f -> f.name().equals(fieldName) ? field : f);
                values.put(fieldName, ByteRange.between(childStart, childEnd)); // a repeated key keeps its first place
            } else {
                if (fields.size() < settings.maxFields()) {
                    fields.add(field);
                }
                if (values.size() < settings.json().maxIndexKeys()) {
                    values.put(fieldName, ByteRange.between(childStart, childEnd));
                } else if (unindexedKeys++ == 0) {
                    unindexedFrom = previousEnd; // keys from here on are found by reading the blob: no heap per key
                }
            }
        }
        childKeys = null;
        previousEnd = childEnd;
        children++;
    }

    /** The document seen whole, as a shape and a read index. Call after {@link #endOfInput} succeeded. */
    Scan finish(long bytes) {
        if (root == JsonToken.START_ARRAY) {
            Shape shape = new Shape.ArrayShape(children, schema, schemaKeys, firstType, elements);
            return new Scan(BlobKind.JSON_ARRAY, bytes, shape, ReadIndex.array(bytes, children, every, elementOffsets.toArray(), end, shape));
        }
        long keys = values.size() + unindexedKeys;
        Shape shape = new Shape.ObjectShape(keys, fields);
        return new Scan(BlobKind.JSON_OBJECT, bytes, shape, ReadIndex.object(bytes, keys, end, values, unindexedFrom, shape));
    }

    private static String describe(JsonToken type, long size) {
        return switch (type) {
            case START_ARRAY -> "array[" + size + "]";
            case START_OBJECT -> "object{" + size + "}";
            case VALUE_STRING -> "string(" + size + ")";
            default -> scalarType(type);
        };
    }

    private static String scalarType(JsonToken token) {
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
