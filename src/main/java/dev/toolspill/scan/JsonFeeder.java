package dev.toolspill.scan;

import com.fasterxml.jackson.core.async.ByteArrayFeeder;

import java.io.IOException;
import java.util.Arrays;

/**
 * Hands chunks to Jackson's non-blocking parser, holding back a chunk's end when an escape may be cut there: the
 * parser refuses an escaped surrogate pair in a key ({@code \\ud83d\\ude00}, 12 bytes) split between two inputs.
 * The bytes held back go first with the next chunk; the parser sees the same bytes in the same order, so its
 * offsets are unchanged.
 */
final class JsonFeeder {

    /** The longest escape that must reach the parser in one piece: an escaped surrogate pair. */
    private static final int ESCAPED_PAIR = 12;
    private static final byte[] NOTHING = new byte[0];

    private final ByteArrayFeeder feeder;
    private byte[] held = NOTHING;

    JsonFeeder(ByteArrayFeeder feeder) {
        this.feeder = feeder;
    }

    /** Feeds what is safe to feed; false when everything was held back. Call only once the parser wants input. */
    boolean feed(byte[] chunk, int offset, int length) throws IOException {
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

    /** Feeds what was held back; false when there was nothing. */
    boolean flush() throws IOException {
        if (held.length == 0) {
            return false;
        }
        feeder.feedInput(held, 0, held.length);
        held = NOTHING;
        return true;
    }

    void end() {
        feeder.endOfInput();
    }

    /** Whether {@code \\uD800}..{@code \\uDBFF} starts at {@code at}. */
    private static boolean isHighSurrogateEscape(byte[] bytes, int at) {
        return bytes[at] == '\\' && bytes[at + 1] == 'u' && (bytes[at + 2] | 0x20) == 'd'
                && "89abAB".indexOf(bytes[at + 3]) >= 0;
    }
}
