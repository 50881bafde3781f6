package dev.toolspill.scan;

import com.fasterxml.jackson.core.exc.StreamConstraintsException;

import java.io.IOException;

/**
 * One pass over an output of any size, chunk by chunk, in bounded memory: checks it is UTF-8, follows its lines,
 * and, when it may be JSON, its JSON structure. At the end it says which the output is (a JSON array or object,
 * else text), with the shape a summary shows and the read index. A leading byte order mark is not content: JSON
 * offsets skip it. One scanner per stream; not thread-safe.
 */
public final class StreamScanner {

    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private final boolean jsonRequired;
    private final Utf8Validator utf8 = new Utf8Validator();
    private final LineScanner lines;
    private JsonShapeScanner json;
    private String jsonFailure;
    private boolean sniffing = true;
    private long bytes;
    private long reportedFrom;

    public StreamScanner(ScanSettings settings, boolean jsonRequired, int every) {
        this(settings, jsonRequired, true, every);
    }

    private StreamScanner(ScanSettings settings, boolean jsonRequired, boolean jsonAllowed, int every) {
        this.jsonRequired = jsonRequired;
        this.lines = new LineScanner(settings, every);
        this.json = jsonAllowed ? new JsonShapeScanner(settings, every) : null;
    }

    /** Scans bytes held in memory as text, whatever they look like. */
    public static Scan scanText(ScanSettings settings, byte[] bytes, int every) {
        StreamScanner scanner = new StreamScanner(settings, false, false, every);
        scanner.feed(bytes, 0, bytes.length);
        return scanner.finish();
    }

    /** Bytes the caller dropped before the first it feeds (a byte order mark): positions in messages count them. */
    public StreamScanner after(long dropped) {
        reportedFrom = dropped;
        return this;
    }

    /** Scans bytes held in memory. */
    public static Scan scan(ScanSettings settings, byte[] bytes, boolean jsonRequired, int every) {
        StreamScanner scanner = new StreamScanner(settings, jsonRequired, every);
        scanner.feed(bytes, 0, bytes.length);
        return scanner.finish();
    }

    public void feed(byte[] chunk, int offset, int length) {
        if (length <= 0) {
            return;
        }
        if (!utf8.accept(chunk, offset, length)) {
            throw new InvalidOutputException("the body is not valid UTF-8 (at byte " + (reportedFrom + bytes + utf8.badAt())
                    + "): send text encoded as UTF-8");
        }
        int jsonFrom = offset;
        if (bytes == 0 && startsWithBom(chunk, offset, length)) {
            jsonFrom += BOM.length;
            if (json != null) { // a text-only scan (scanText) has no JSON scanner to tell
                json.skipped(BOM.length);
            }
        }
        if (sniffing) {
            sniff(chunk, jsonFrom, offset + length - jsonFrom);
        }
        lines.feed(chunk, offset, length);
        if (json != null) {
            feedJson(chunk, jsonFrom, offset + length - jsonFrom);
        }
        bytes += length;
    }

    private static boolean startsWithBom(byte[] chunk, int offset, int length) {
        return length >= BOM.length && chunk[offset] == BOM[0] && chunk[offset + 1] == BOM[1] && chunk[offset + 2] == BOM[2];
    }

    /** Keeps parsing JSON only if the first non-blank byte can start an array or object (or JSON is required). */
    private void sniff(byte[] chunk, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            byte c = chunk[i];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                sniffing = false;
                if (c != '[' && c != '{' && !jsonRequired) {
                    json = null;
                }
                return;
            }
        }
    }

    private void feedJson(byte[] chunk, int offset, int length) {
        try {
            json.feed(chunk, offset, length);
        } catch (IOException e) {
            fail(e);
        }
    }

    /** The parser's words without its own internals (its source description, its state number), and where. */
    private static String describe(Exception e) {
        if (!(e instanceof com.fasterxml.jackson.core.JsonProcessingException parsing)) {
            return e.getMessage() == null ? "unreadable" : e.getMessage().lines().findFirst().orElse("");
        }
        String words = String.valueOf(parsing.getOriginalMessage()).lines().findFirst().orElse("")
                .replaceAll("\\s*\\(internal state: \\d+\\)", "").replaceAll("\\s*\\[Source:.*", "").strip();
        long at = parsing.getLocation() == null ? -1 : parsing.getLocation().getByteOffset();
        return at >= 0 ? words + " (at byte " + at + ")" : words;
    }

    private void fail(Exception e) {
        jsonFailure = e instanceof StreamConstraintsException limit ? JsonLimits.describe(limit) : describe(e);
        if (jsonRequired) {
            throw new InvalidOutputException("the body was sent as application/json but is not valid JSON: " + jsonFailure
                    + "; send it as text/plain to store it as text");
        }
        json = null;
    }

    /** The output seen whole: what it is, its shape, and its read index. Call once, after the last {@link #feed}. */
    public Scan finish() {
        if (!utf8.complete()) {
            throw new InvalidOutputException("the body is not valid UTF-8 (it ends inside a character): send text encoded as UTF-8");
        }
        if (json != null && (!sniffing || jsonRequired)) {
            try {
                json.endOfInput();
            } catch (IOException e) {
                fail(e);
            }
        }
        if (json != null && !sniffing && json.container()) {
            return json.finish(bytes);
        }
        // Text, or a JSON scalar: valid JSON but not structured, so it is stored as text.
        return lines.finish();
    }
}
