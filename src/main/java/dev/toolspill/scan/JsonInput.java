package dev.toolspill.scan;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.async.ByteArrayFeeder;

import java.io.IOException;
import java.util.Arrays;

/**
 * The one way stored or streamed bytes become input of Jackson's non-blocking parser, for the ingest scan and every
 * inspect reader alike: chunks may end anywhere, inside a UTF-8 character or an escape. Jackson 2 takes a character
 * split between chunks, but refuses an escaped surrogate pair in a key ({@code \\ud83d\\ude00}, 12 bytes) whose
 * second escape starts in a later chunk (jackson-core #1581; Jackson 3 keeps the pending surrogate). So a chunk's
 * end that may hold such an escape is held back and goes first with the next chunk, or at the end of the input:
 * the parser sees the same bytes in the same order, and its offsets are unchanged.
 */
public final class JsonInput {

    /** The longest escape that must reach the parser in one piece: an escaped surrogate pair. */
    private static final int ESCAPED_PAIR = 12;
    private static final byte[] NOTHING = new byte[0];

    private final JsonParser parser;
    private final ByteArrayFeeder feeder;
    private byte[] held = NOTHING;

    private JsonInput(JsonParser parser) {
        this.parser = parser;
        this.feeder = (ByteArrayFeeder) parser.getNonBlockingInputFeeder();
    }

    /** A new non-blocking parser of {@code factory} (its limits apply) and its input. */
    public static JsonInput of(JsonFactory factory) {
        try {
            return new JsonInput(factory.createNonBlockingByteArrayParser());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public JsonParser parser() {
        return parser;
    }

    /** Feeds a whole chunk; see {@link #feed(byte[], int, int)}. */
    public boolean feed(byte[] chunk) throws IOException {
        return feed(chunk, 0, chunk.length);
    }

    /**
     * Feeds what is safe to feed; false when everything was held back (the parser has nothing new). Call only once
     * the parser has taken all earlier input ({@code nextToken()} answered {@code NOT_AVAILABLE}).
     */
    public boolean feed(byte[] chunk, int offset, int length) throws IOException {
        byte[] bytes = chunk;
        int from = offset;
        int end = offset + length;
        if (held.length > 0) {
            bytes = new byte[held.length + length];
            System.arraycopy(held, 0, bytes, 0, held.length);
            System.arraycopy(chunk, offset, bytes, held.length, length);
            from = 0;
            end = bytes.length;
        }
        int cut = end;
        for (int i = end - 1; i >= Math.max(from, end - ESCAPED_PAIR); i--) {
            if (bytes[i] == '\\') {
                // cut before the last escape, or before the high surrogate it may complete
                cut = i - 6 >= from && isHighSurrogateEscape(bytes, i - 6) ? i - 6 : i;
                break;
            }
        }
        held = cut == end ? NOTHING : Arrays.copyOfRange(bytes, cut, end);
        if (cut > from) {
            feeder.feedInput(bytes, from, cut);
            return true;
        }
        return false;
    }

    /** Ends the input: what was held back goes to the parser, which then reads to the end. */
    public void end() throws IOException {
        if (held.length > 0) {
            feeder.feedInput(held, 0, held.length);
            held = NOTHING;
        }
        feeder.endOfInput();
    }

    /** Whether {@code \\uD800}..{@code \\uDBFF} starts at {@code at}. */
    private static boolean isHighSurrogateEscape(byte[] bytes, int at) {
        return bytes[at] == '\\' && bytes[at + 1] == 'u' && (bytes[at + 2] | 0x20) == 'd'
                && "89abAB".indexOf(bytes[at + 3]) >= 0;
    }
}
