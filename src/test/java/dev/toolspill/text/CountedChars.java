package dev.toolspill.text;

import java.util.concurrent.atomic.LongAdder;

/**
 * A text that counts the chars read from it, for tests that bound how often a scan reads its input: counted, not
 * timed. Several views of texts may share one count.
 */
public record CountedChars(CharSequence text, LongAdder reads) implements CharSequence {

    public CountedChars(CharSequence text) {
        this(text, new LongAdder());
    }

    @Override
    public int length() {
        return text.length();
    }

    @Override
    public char charAt(int index) {
        reads.increment();
        return text.charAt(index);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return text.subSequence(start, end);
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
