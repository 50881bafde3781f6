package dev.toolspill.inspect.walk;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.scan.Json;
import dev.toolspill.scan.JsonInput;
import dev.toolspill.scan.ReadIndex;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the byte spans of JSON array elements from an indexed element on, parsing as if a new array started just
 * before it: spans of elements {@code from} on, until {@code count} are found or their bytes pass {@code budget}.
 */
public final class ElementWalker implements BlobWalk.Walker<List<ByteRange>> {

    private final JsonInput input;
    private final JsonParser parser;
    private final long base;
    private final long from;
    private final long count;
    private final long budget;
    private long element;
    private long shown;
    private int depth;
    private long start;
    private final List<ByteRange> spans = new ArrayList<>();

    public ElementWalker(ReadIndex index, long from, long count, long budget) {
        this.base = index.startBefore(from);
        this.element = index.positionBefore(from);
        this.from = from;
        this.count = count;
        this.budget = budget;
        input = JsonInput.of(Json.FACTORY);
        parser = input.parser();
        try {
            input.feed(new byte[] {'['});
            if (parser.nextToken() != JsonToken.START_ARRAY) {
                throw new IllegalStateException("cannot start parsing");
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Where element spans start reading: the indexed element at or before {@code from}. */
    public long base() {
        return base;
    }

    @Override
    public List<ByteRange> feed(byte[] chunk) {
        try {
            return input.feed(chunk) ? drain() : null;
        } catch (IOException e) {
            throw new UnreadablePartException(e);
        }
    }

    @Override
    public List<ByteRange> end() {
        try {
            input.end();
            List<ByteRange> done = drain();
            if (done != null) {
                return done;
            }
        } catch (IOException e) {
            throw new UnreadablePartException(e);
        }
        throw damaged("the array ends before element " + (from + count - 1));
    }

    private List<ByteRange> drain() throws IOException {
        JsonToken token;
        while ((token = parser.nextToken()) != null && token != JsonToken.NOT_AVAILABLE) {
            if (depth == 0) {
                if (token == JsonToken.END_ARRAY) {
                    throw damaged("the array ends before element " + (from + count - 1));
                }
                // Offsets are of the parser's input: one '[' and then the blob from base.
                start = base + parser.currentTokenLocation().getByteOffset() - 2;
            }
            if (token.isStructStart()) {
                depth++;
            } else if (token.isStructEnd()) {
                depth--;
            }
            if (depth == 0 && element++ >= from) {
                ByteRange span = ByteRange.between(start, base + parser.currentLocation().getByteOffset() - 1);
                spans.add(span);
                shown += span.length() + 1;
                if (spans.size() == count || shown > budget) {
                    return spans;
                }
            }
        }
        return null;
    }

    private static BlobStoreException damaged(String what) {
        return new dev.toolspill.scan.IndexMismatchException(what);
    }
}
