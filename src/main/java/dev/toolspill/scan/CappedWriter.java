package dev.toolspill.scan;

import java.io.Writer;

/** Keeps the first characters of what is written to it and drops the rest, so a huge element costs nothing. */
final class CappedWriter extends Writer {
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
