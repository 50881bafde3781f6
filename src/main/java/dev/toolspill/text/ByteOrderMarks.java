package dev.toolspill.text;

import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;

/**
 * UTF-8 byte order marks ({@code EF BB BF}, U+FEFF) at the start of an output are not content: every one that leads it
 * is dropped, so a stored blob never starts with one and the scan sees what is stored.
 */
public final class ByteOrderMarks {

    private ByteOrderMarks() {
    }

    /** A body read past its leading marks, and how many bytes those were. */
    public record Skipped(InputStream rest, int bytes) {
    }

    /** Reads past every leading mark of {@code body} (blocking, as reading the body does). */
    public static Skipped skip(InputStream body) throws IOException {
        PushbackInputStream in = new PushbackInputStream(body, 3);
        int skipped = 0;
        while (true) {
            byte[] next = in.readNBytes(3);
            if (next.length == 3 && next[0] == (byte) 0xEF && next[1] == (byte) 0xBB && next[2] == (byte) 0xBF) {
                skipped = skipped > Integer.MAX_VALUE - 3 ? skipped : skipped + 3;
                continue;
            }
            in.unread(next);
            return new Skipped(in, skipped);
        }
    }

    /** {@code text} without the marks that lead it. */
    public static String strip(String text) {
        int from = 0;
        while (from < text.length() && text.charAt(from) == '\uFEFF') {
            from++;
        }
        return text.substring(from);
    }
}
