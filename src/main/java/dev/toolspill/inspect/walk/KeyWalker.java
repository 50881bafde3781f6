package dev.toolspill.inspect.walk;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.scan.Json;
import dev.toolspill.scan.JsonInput;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Finds the span of a top-level key's value in the part of a JSON object the read index keeps no spans for (an
 * object with more keys than {@code toolspill.scan.max-index-keys}): it parses on from just after the last indexed
 * value, to the object's end, since a repeated key's last value wins. Memory stays constant whatever the size.
 */
public final class KeyWalker implements BlobWalk.Walker<ByteRange> {

    /** Parsed first, so the bytes from {@code base} (starting with the {@code ,} after a value) continue an object. */
    private static final byte[] PREFIX = "{\"\":0".getBytes(StandardCharsets.US_ASCII);

    private final JsonInput input;
    private final JsonParser parser;
    private final long base;
    private final String key;
    private int depth = 1;
    private boolean wanted;
    private long start;
    private ByteRange found;

    public KeyWalker(long base, String key) {
        this.base = base;
        this.key = key;
        input = JsonInput.of(Json.FACTORY);
        parser = input.parser();
        try {
            input.feed(PREFIX);
            for (int i = 0; i < 3; i++) {
                parser.nextToken(); // {, the empty key, 0
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public ByteRange feed(byte[] chunk) {
        try {
            return input.feed(chunk) && drain() ? result() : null;
        } catch (IOException e) {
            throw new UnreadablePartException(e);
        }
    }

    @Override
    public ByteRange end() {
        try {
            input.end();
            drain();
        } catch (IOException e) {
            throw new UnreadablePartException(e);
        }
        return result();
    }

    /** Found, or null when the object has no such key. */
    private ByteRange result() {
        return found == null ? NOT_FOUND : found;
    }

    public static final ByteRange NOT_FOUND = new ByteRange(0, 0);

    /** True once the object ended. */
    private boolean drain() throws IOException {
        JsonToken token;
        while ((token = parser.nextToken()) != null && token != JsonToken.NOT_AVAILABLE) {
            if (depth == 1 && token == JsonToken.FIELD_NAME) {
                wanted = key.equals(parser.currentName());
                continue;
            }
            if (depth == 1 && token == JsonToken.END_OBJECT) {
                return true;
            }
            if (depth == 1 && wanted) {
                start = base + parser.currentTokenLocation().getByteOffset() - PREFIX.length - 1;
            }
            if (token.isStructStart()) {
                depth++;
            } else if (token.isStructEnd()) {
                depth--;
            }
            if (depth == 1 && wanted) {
                found = ByteRange.between(start, base + parser.currentLocation().getByteOffset() - PREFIX.length);
                wanted = false;
            }
        }
        return false;
    }

}
