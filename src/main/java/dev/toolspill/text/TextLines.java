package dev.toolspill.text;

import java.io.IOException;
import java.io.InputStream;

/**
 * Line arithmetic shared by summaries, stats and inspect. A line ends with {@code \n}; a last line
 * without one still counts, and a final {@code \n} does not start another line (as {@code wc -l}
 * plus one for an unterminated last line, and as {@code sed -n} prints them).
 */
public final class TextLines {

    private TextLines() {
    }

    public static long count(String text) {
        long newlines = text.chars().filter(c -> c == '\n').count();
        return text.isEmpty() || text.charAt(text.length() - 1) == '\n' ? newlines : newlines + 1;
    }

    public static long count(InputStream in) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        long newlines = 0;
        int last = '\n';
        int n;
        while ((n = in.read(buffer)) > 0) {
            for (int i = 0; i < n; i++) {
                if (buffer[i] == '\n') {
                    newlines++;
                }
            }
            last = buffer[n - 1];
        }
        return last == '\n' ? newlines : newlines + 1;
    }

    /** Byte offsets where each line starts, plus the total length as the end of the last line. */
    public static long[] lineStarts(byte[] bytes) {
        int lines = 0;
        for (byte b : bytes) {
            if (b == '\n') {
                lines++;
            }
        }
        boolean unterminated = bytes.length > 0 && bytes[bytes.length - 1] != '\n';
        long[] starts = new long[lines + (unterminated ? 1 : 0) + 1];
        int line = 1;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n' && line < starts.length) {
                starts[line++] = i + 1;
            }
        }
        starts[starts.length - 1] = bytes.length;
        return starts;
    }

    /** A line as the model should see it: without its terminator ({@code \n} or {@code \r\n}). */
    public static String strip(String line) {
        int end = line.length();
        if (end > 0 && line.charAt(end - 1) == '\n') {
            end--;
        }
        if (end > 0 && line.charAt(end - 1) == '\r') {
            end--;
        }
        return line.substring(0, end);
    }
}
