package dev.toolspill.redact;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Redacts one stream of bytes as it passes: {@link #push} takes a chunk and answers the bytes that are settled, with
 * every secret in them replaced by {@code [redacted:kind]}; {@link #finish} answers the rest. It holds back the last
 * {@code maxSecretBytes} (and a batch, so that the held bytes are not searched again for every small chunk): a
 * secret that starts before them ends within them, so one split across any chunk boundary is found whole, and memory
 * stays bounded whatever the stream's length. Not thread-safe: one stream, one caller at a time.
 */
public final class Redactor {

    /** Bytes gathered before a search, past the held tail. */
    static final int BATCH = 64 * 1024;

    /** Bytes kept before the unsettled ones, so that a rule sees what precedes a candidate (a key name: its reach). */
    static final int CONTEXT = 256;

    private static final byte[] NOTHING = new byte[0];

    /** Told of each value redacted, by kind (metrics). */
    public interface Counter {
        Counter NONE = kind -> { };

        void redacted(String kind);
    }

    private final RuleSet rules;
    private final Counter counter;
    private final Map<String, Integer> counts = new TreeMap<>();
    private byte[] buffer = new byte[1024];
    private int context;
    private int size;
    private int quiet; // no literal nor escape starts in buffer[0, quiet): the held bytes are not read again

    Redactor(RuleSet rules, Counter counter) {
        this.rules = rules;
        this.counter = counter;
    }

    /** The settled bytes after this chunk, redacted; empty while the chunk is held. */
    public byte[] push(byte[] chunk) {
        append(chunk);
        return size - context < rules.maxSecretBytes() + rules.batch() ? NOTHING : settle(false);
    }

    /** The size of the window that holds bytes back: what this redactor keeps in memory. */
    public int heldBytes() {
        return buffer.length;
    }

    /** The bytes still held, redacted: the stream ended. */
    public byte[] finish() {
        return settle(true);
    }

    /** As {@link #push(byte[])}, reading the chunk straight into the held window (no array of its own first). */
    public byte[] push(java.nio.ByteBuffer chunk) {
        int n = chunk.remaining();
        reserve(n);
        chunk.get(buffer, size, n);
        size += n;
        return size - context < rules.maxSecretBytes() + rules.batch() ? NOTHING : settle(false);
    }

    /** Both at once, for an output held whole. */
    public byte[] all(byte[] bytes) {
        append(bytes);
        return settle(true);
    }

    /** What was redacted so far. */
    public Redactions redactions() {
        return counts.isEmpty() ? Redactions.NONE : new Redactions(counts);
    }

    private void append(byte[] chunk) {
        reserve(chunk.length);
        System.arraycopy(chunk, 0, buffer, size, chunk.length);
        size += chunk.length;
    }

    private void reserve(int n) {
        if (size + n > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, size + n));
        }
    }

    private byte[] settle(boolean last) {
        int settle = last ? size : size - rules.maxSecretBytes();
        RuleSet.Found found = rules.find(buffer, context, size, quiet);
        List<RuleSet.Span> spans = found.spans();
        int taken = 0;
        int keep = CONTEXT;
        for (RuleSet.Span span : spans) {
            if (span.start() >= settle) {
                break;
            }
            if (!last && span.end() >= size && span.start() < settle && span.tail() > span.start()) {
                // overlapping matches chained past the held tail (password=...password=... with no line end): the
                // ones before the last go out redacted, the last is held, so the window stays bounded
                spans = new ArrayList<>(spans.subList(0, taken));
                spans.add(new RuleSet.Span(span.start(), span.tail(), span.kind(), span.start()));
                settle = span.tail();
                taken++;
                // the last match is found again with what follows: its rule's literal and what leads to its value
                // (curl ... -u user:password) may lie far before it, so all a rule may reach back stays as context
                keep = rules.maxSecretBytes();
                break;
            }
            if (!last && span.end() >= size) { // it may go on in the next chunk: held, from its start
                settle = span.start();
                break;
            }
            taken++;
        }
        int end = taken == 0 ? settle : Math.max(settle, spans.get(taken - 1).end());
        byte[] out = redacted(spans.subList(0, taken), end);
        int from = Math.max(0, end - keep);
        System.arraycopy(buffer, from, buffer, 0, size - from);
        context = end - from;
        size -= from;
        quiet = Math.max(0, found.quiet() - from);
        return out;
    }

    /** Bytes {@code [context, end)} with the spans replaced. */
    private byte[] redacted(List<RuleSet.Span> spans, int end) {
        if (spans.isEmpty()) {
            return Arrays.copyOfRange(buffer, context, end);
        }
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(end - context);
        int at = context;
        for (RuleSet.Span span : spans) {
            int start = widenLeft(span.start());
            int stop = widenRight(span.end(), end);
            out.write(buffer, at, start - at);
            out.writeBytes(marker(span.kind()));
            at = stop;
            counts.merge(span.kind(), 1, Integer::sum);
            counter.redacted(span.kind());
        }
        out.write(buffer, at, end - at);
        return out.toByteArray();
    }

    /** A configured rule may match inside a UTF-8 sequence: the whole sequence goes, so what stays is UTF-8. */
    private int widenLeft(int start) {
        while (start > context && (buffer[start] & 0xC0) == 0x80) {
            start--;
        }
        return start;
    }

    private int widenRight(int end, int limit) {
        while (end < limit && (buffer[end] & 0xC0) == 0x80) {
            end++;
        }
        return end;
    }

    static byte[] marker(String kind) {
        return ("[redacted:" + kind + "]").getBytes(StandardCharsets.UTF_8);
    }
}
