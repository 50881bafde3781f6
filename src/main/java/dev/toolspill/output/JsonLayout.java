package dev.toolspill.output;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolspill.blob.ByteRange;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where each top-level element (of an array) or value (of an object) sits in a JSON document's
 * bytes, found with a streaming parser so a value can be served as its original bytes.
 */
public record JsonLayout(boolean array, List<ByteRange> elements, Map<String, ByteRange> values) {

    private static final JsonFactory FACTORY = Json.FACTORY;

    public long count() {
        return array ? elements.size() : values.size();
    }

    public static JsonLayout scan(byte[] json) {
        try (JsonParser parser = FACTORY.createParser(json)) {
            JsonToken root = parser.nextToken();
            if (root != JsonToken.START_ARRAY && root != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("not a JSON array or object");
            }
            List<ByteRange> elements = new ArrayList<>();
            Map<String, ByteRange> values = new LinkedHashMap<>();
            JsonToken token;
            while ((token = parser.nextToken()) != JsonToken.END_ARRAY && token != JsonToken.END_OBJECT) {
                if (token == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    values.put(name, valueSpan(parser)); // a repeated key: the last value wins, as in Jackson's tree
                } else {
                    elements.add(valueSpan(parser));
                }
            }
            return new JsonLayout(root == JsonToken.START_ARRAY, elements, values);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Counts top-level entries or keys without building anything; the stream is read to its end. */
    public static long count(InputStream json) throws IOException {
        try (JsonParser parser = FACTORY.createParser(json)) {
            JsonToken root = parser.nextToken();
            long count = 0;
            Set<String> keys = new HashSet<>();
            JsonToken token;
            while ((token = parser.nextToken()) != JsonToken.END_ARRAY && token != JsonToken.END_OBJECT && token != null) {
                if (root == JsonToken.START_OBJECT) {
                    String name = parser.currentName();
                    parser.nextToken();
                    if (!keys.add(name)) {
                        parser.skipChildren();
                        continue; // a repeated key counts once, as in Jackson's tree
                    }
                }
                parser.skipChildren();
                count++;
            }
            return count;
        }
    }

    private static ByteRange valueSpan(JsonParser parser) throws IOException {
        long start = parser.currentTokenLocation().getByteOffset();
        parser.skipChildren();
        // Strings are parsed lazily: finish the token so the location is past its closing quote.
        parser.finishToken();
        long end = parser.currentLocation().getByteOffset();
        return ByteRange.between(start, end);
    }
}
