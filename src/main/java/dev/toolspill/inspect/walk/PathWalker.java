package dev.toolspill.inspect.walk;

import dev.toolspill.inspect.selector.Selector;
import dev.toolspill.inspect.selector.JsonPointer;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.scan.Json;
import dev.toolspill.scan.JsonInput;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Follows JSON Pointer tokens through one JSON value, parsing it as a stream from {@code base}: where the pointed-at
 * value is, or, with a page, the spans of its elements or members; else how far the pointer resolved and what is
 * there. A key written twice counts as its last value, as {@code key:} and jq read it, so an object on the way is
 * parsed to its end; arrays end the walk as soon as the answer is known. Memory: one frame per open container and
 * the spans a limit can show.
 */
public final class PathWalker implements BlobWalk.Walker<PathOutcome> {

    private final JsonInput input;
    private final JsonParser parser;
    private final long base;
    private final JsonPointer tokens;
    private final Selector.Page page;
    private final long budget;
    private final Deque<PathFrame> frames = new ArrayDeque<>();
    private PathOutcome outcome;
    private int outcomeLevel;

    /** {@code tokens} are followed from the value at {@code base}; {@code page} may be null (the value itself). */
    public PathWalker(long base, JsonPointer tokens, Selector.Page page, long budget) {
        this.base = base;
        this.tokens = tokens;
        this.page = page;
        this.budget = budget;
        this.input = JsonInput.of(Json.FACTORY);
        this.parser = input.parser();
    }

    @Override
    public PathOutcome feed(byte[] chunk) {
        try {
            return input.feed(chunk) && drain() ? outcome : null;
        } catch (IOException e) {
            throw new UnreadablePartException(e);
        }
    }

    @Override
    public PathOutcome end() {
        try {
            input.end();
            drain();
        } catch (IOException e) {
            throw new UnreadablePartException(e);
        }
        if (outcome == null) {
            throw damaged("the value ends before the pointer could be followed");
        }
        return outcome;
    }

    /** True once the answer is known and no later key can change it. */
    private boolean drain() throws IOException {
        JsonToken token;
        while ((token = parser.nextToken()) != null && token != JsonToken.NOT_AVAILABLE) {
            if (token == JsonToken.FIELD_NAME) {
                frames.peek().key(parser.currentName(), base + parser.currentTokenLocation().getByteOffset() - 1);
            } else if (token.isStructEnd()) {
                PathFrame frame = frames.pop();
                closed(frame, base + parser.currentLocation().getByteOffset());
            } else {
                // The non-blocking parser reports a value's start one byte past its first character.
                started(token, base + parser.currentTokenLocation().getByteOffset() - 1);
            }
            if (done()) {
                return true;
            }
        }
        return false;
    }

    private void started(JsonToken token, long start) {
        PathFrame parent = frames.peek();
        long index = parent == null ? -1 : parent.children++;
        int level = parent == null ? 0 : parent.level >= 0 && parent.level < tokens.size() && matches(parent, index) ? parent.level + 1 : -1;
        if (level >= 0) {
            if (parent != null) {
                parent.matched = true;
            }
            if (outcome != null && outcomeLevel >= level) {
                outcome = null; // a key written again: its last value is the one that counts
            }
        }
        if (parent != null && parent.paged) {
            parent.memberStart = parent.object ? parent.keyStart : start;
        }
        if (token.isStructStart()) {
            frames.push(new PathFrame(token == JsonToken.START_OBJECT, level, start, index, level == tokens.size() && page != null,
                    level >= 0 && level < tokens.size()));
        } else {
            ended(level, start, base + parser.currentLocation().getByteOffset(), token, parent, index);
        }
    }

    private boolean matches(PathFrame parent, long index) {
        String token = tokens.token(parent.level);
        return parent.object ? token.equals(parent.name) : JsonPointer.index(token) == index;
    }

    private void closed(PathFrame frame, long end) {
        if (frame.level == tokens.size() && page != null) {
            boolean fits = page.keys() == frame.object;
            settle(fits ? frame.page() : PathOutcome.Missing.of(frame, tokens.size()), tokens.size());
        } else if (frame.level >= 0 && frame.level < tokens.size() && !frame.matched) {
            settle(PathOutcome.Missing.of(frame, frame.level), frame.level);
        }
        ended(frame.level, frame.start, end, frame.object ? JsonToken.START_OBJECT : JsonToken.START_ARRAY,
                frames.peek(), frame.index);
    }

    /** A value (scalar, or a container just closed) ended: what it settles, and its span in a page being read. */
    private void ended(int level, long start, long end, JsonToken type, PathFrame parent, long index) {
        if (level == tokens.size() && page == null) {
            settle(new PathOutcome.Found(ByteRange.between(start, end)), level);
        } else if (level >= 0 && !type.isStructStart()) {
            settle(new PathOutcome.Missing(level, PathOutcome.scalar(type), 0, null), level);
        }
        if (parent != null && parent.paged && index >= page.from() && index < page.to()) {
            parent.add(ByteRange.between(parent.memberStart, end), budget);
            if (index == page.to() - 1 && (parent.object == page.keys())) {
                settle(parent.page(), tokens.size()); // the page is read; what follows it cannot change it
            }
        }
    }

    private void settle(PathOutcome found, int level) {
        outcome = found;
        outcomeLevel = level;
    }

    /** Whether no later key can replace the outcome: no object on the way to it is still open. */
    private boolean done() {
        if (outcome == null) {
            return false;
        }
        for (PathFrame frame : frames) {
            if (frame.object && frame.level >= 0 && frame.level < outcomeLevel) {
                return false;
            }
        }
        return true;
    }

    private static BlobStoreException damaged(String what) {
        return new dev.toolspill.scan.IndexMismatchException(what);
    }
}
