package dev.toolspill.inspect;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.async.ByteArrayFeeder;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobInfo;
import dev.toolspill.blob.BlobKind;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.blob.Lru;
import dev.toolspill.blob.NoBlobStoreException;
import dev.toolspill.blob.Offload;
import dev.toolspill.limit.Cut;
import dev.toolspill.limit.Cutter;
import dev.toolspill.limit.HistoryLimit;
import dev.toolspill.output.ReadIndex;
import dev.toolspill.output.StreamScanner;
import dev.toolspill.output.Summarizer;
import dev.toolspill.output.TextLines;
import dev.toolspill.output.Utf8;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

/**
 * Reads exactly the part of a blob a selector names, byte for byte, and caps it with the limit of
 * the tool {@code inspect}. With a read index it reads only the bytes near the selection, so the
 * cost follows the size of the answer; a blob without one is scanned once to build it. A cut keeps
 * whole lines or elements where it can and names the selector that reads on.
 */
@ApplicationScoped
public class Inspector {

    public static final String TOOL = "inspect";
    private static final JsonFactory JSON = dev.toolspill.output.Json.FACTORY;
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final int SCAN_WINDOW = 1024 * 1024;

    private final Optional<BlobStore> blobs;
    private final Summarizer summarizer;
    private final HistoryLimit limit;
    private final ObjectMapper mapper;
    private final Map<BlobId, ReadIndex> indexes = Lru.map(256);

    public Inspector(Optional<BlobStore> blobs, Summarizer summarizer, HistoryLimit limit, ObjectMapper mapper) {
        this.blobs = blobs;
        this.summarizer = summarizer;
        this.limit = limit;
        this.mapper = mapper;
    }

    /** Whether there is a store to read from ({@code toolspill.blob-store.type} is not {@code none}). */
    public boolean available() {
        return blobs.isPresent();
    }

    public Uni<String> inspect(BlobId id, Selector selector) {
        if (blobs.isEmpty()) {
            return Uni.createFrom().failure(new NoBlobStoreException());
        }
        BlobStore store = blobs.get();
        return readIndex(store, id)
                .flatMap(index -> index.isPresent() ? Uni.createFrom().item(index.get()) : scan(store, id))
                .flatMap(index -> Offload.blocking(() -> indexed(store, id, index, selector)));
    }

    /**
     * A blob without a read index (written before indexes, or by another tool) is read once, as a stream in
     * bounded memory, to build one; it is kept beside the blob for the next reader, when the store allows.
     */
    private Uni<ReadIndex> scan(BlobStore store, BlobId id) {
        return store.metadata(id)
                .flatMap(meta -> Offload.blocking(() -> {
                    StreamScanner scanner = new StreamScanner(summarizer, meta.kind().isJson(), ReadIndex.EVERY);
                    for (long offset = 0; offset < meta.bytes(); offset += SCAN_WINDOW) {
                        byte[] window = store.read(id, new ByteRange(offset, SCAN_WINDOW)).await().atMost(WAIT);
                        scanner.feed(window, 0, window.length);
                    }
                    StreamScanner.Scan scan = scanner.finish();
                    return scan.index().withSummary(summarizer.summarize(id, scan.shape()));
                }))
                .onFailure(StreamScanner.InvalidOutputException.class)
                .transform(e -> new BlobStoreException("blob " + id + " does not hold what its name says: " + e.getMessage(), e))
                .call(index -> Offload.blocking(() -> index.toJson(mapper)).flatMap(json -> store.storeIndex(id, json))
                        .onFailure().invoke(e -> Log.debugf("Could not keep the read index of %s: %s", id, e))
                        .onFailure().recoverWithNull())
                .invoke(index -> indexes.put(id, index));
    }

    /** A blob's index, parsed; indexes never change, so recent ones are kept in memory. */
    private Uni<Optional<ReadIndex>> readIndex(BlobStore store, BlobId id) {
        ReadIndex cached = indexes.get(id);
        if (cached != null) {
            return Uni.createFrom().item(Optional.of(cached));
        }
        return store.loadIndex(id)
                .flatMap(bytes -> bytes.isEmpty() ? Uni.createFrom().item(Optional.<ReadIndex>empty())
                        : Offload.blocking(() -> Optional.of(ReadIndex.fromJson(mapper, bytes.get()))))
                .invoke(index -> index.ifPresent(found -> indexes.put(id, found)))
                .onFailure().recoverWithItem(failure -> {
                    Log.debugf("No usable read index for %s: %s", id, failure);
                    return Optional.empty();
                });
    }

    // ------------------------------------------------------------------ with an index

    private String indexed(BlobStore store, BlobId id, ReadIndex index, Selector selector) {
        BlobInfo info = new BlobInfo(id, index.kind(), index.bytes(), index.count(), id.created());
        checkFits(info, selector);
        if (selector instanceof Selector.Head) {
            String summary = index.summary() != null ? index.summary()
                    : summarizer.summarize(id, store.load(id).await().atMost(WAIT));
            return head(info, summary);
        }
        if (selector instanceof Selector.Lines lines) {
            checkStart(info, lines.from());
            long to = Math.min(lines.to(), info.count());
            long start = lineOffset(store, id, index, lines.from());
            long end = to == info.count() ? index.bytes() : lineOffset(store, id, index, to + 1);
            long from = lines.from();
            LongSupplier firstLineEnd = () -> from == info.count() ? index.bytes() : lineOffset(store, id, index, from + 1);
            return renderLines(info, from, to, read(store, id, start, end, cap()), end - start, start, firstLineEnd);
        }
        if (selector instanceof Selector.Slice slice) {
            checkStart(info, slice.from());
            long to = Math.min(slice.to(), info.count());
            List<ByteRange> spans = elementSpans(store, id, index, slice.from(), to);
            return renderSlice(info, slice.from(), to, spans, (from, length) -> read(store, id, from, from + length, length));
        }
        String name = ((Selector.Key) selector).name();
        ByteRange value = index.values().get(name);
        if (value == null) {
            throw unknownKey(info, name, index.values());
        }
        return renderKey(info, (Selector.Key) selector, value, read(store, id, value.offset(), value.end(), cap()));
    }

    /** Where line {@code n} starts: from the nearest indexed line, counting the few lines between. */
    private static long lineOffset(BlobStore store, BlobId id, ReadIndex index, long n) {
        long line = index.positionBefore(n);
        BlobCursor cursor = new BlobCursor(store, id, index.startBefore(n), index.bytes());
        while (line < n) {
            int b = cursor.next();
            if (b < 0) {
                return index.bytes();
            }
            if (b == '\n') {
                line++;
            }
        }
        return cursor.position();
    }

    /**
     * The spans of elements {@code from..to-1}: every one up to what the limit can show, then the last one,
     * each found by parsing forward from the nearest indexed element.
     */
    private List<ByteRange> elementSpans(BlobStore store, BlobId id, ReadIndex index, long from, long to) {
        List<ByteRange> spans = new ArrayList<>();
        long budget = cap();
        ElementWalker walker = new ElementWalker(store, id, index, from);
        long shown = 0;
        for (long i = from; i < to; i++) {
            ByteRange span = walker.next();
            spans.add(span);
            shown += span.length() + 1;
            if (shown > budget && i + 1 < to) {
                spans.add(new ElementWalker(store, id, index, to - 1).next()); // the last one, for the size of the whole
                break;
            }
        }
        return spans;
    }

    /** Parses elements of a JSON array from an indexed element on, with a streaming parser. */
    private static final class ElementWalker {
        private final BlobCursor cursor;
        private final JsonParser parser;
        private final long base;
        private long element;
        private final long target;
        private final byte[] chunk = new byte[8192];

        ElementWalker(BlobStore store, BlobId id, ReadIndex index, long target) {
            this.target = target;
            this.element = index.positionBefore(target);
            this.base = index.startBefore(target);
            this.cursor = new BlobCursor(store, id, base, index.end());
            try {
                parser = JSON.createNonBlockingByteArrayParser();
                // Parse from mid-array as if a new array started just before the indexed element.
                ((ByteArrayFeeder) parser.getNonBlockingInputFeeder()).feedInput(new byte[] {'['}, 0, 1);
                if (parser.nextToken() != JsonToken.START_ARRAY) {
                    throw new IllegalStateException("cannot start parsing");
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        ByteRange next() {
            try {
                while (true) {
                    ByteRange span = nextSpan();
                    if (element++ >= target) {
                        return span;
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private ByteRange nextSpan() throws IOException {
            JsonToken token = token();
            if (token == null || token == JsonToken.END_ARRAY) {
                throw new IllegalStateException("the read index points past the array's end");
            }
            // Offsets are of the parser's input: one '[' and then the blob from base.
            long start = base + parser.currentTokenLocation().getByteOffset() - 2;
            int depth = token.isStructStart() ? 1 : 0;
            while (depth > 0) {
                JsonToken inner = token();
                if (inner.isStructStart()) {
                    depth++;
                } else if (inner.isStructEnd()) {
                    depth--;
                }
            }
            long end = base + parser.currentLocation().getByteOffset() - 1;
            return ByteRange.between(start, end);
        }

        private JsonToken token() throws IOException {
            JsonToken token;
            while ((token = parser.nextToken()) == JsonToken.NOT_AVAILABLE) {
                int n = 0;
                int b;
                while (n < chunk.length && (b = cursor.next()) >= 0) {
                    chunk[n++] = (byte) b;
                }
                if (n == 0) {
                    ((ByteArrayFeeder) parser.getNonBlockingInputFeeder()).endOfInput();
                } else {
                    ((ByteArrayFeeder) parser.getNonBlockingInputFeeder()).feedInput(chunk, 0, n);
                }
            }
            return token;
        }
    }

    // ------------------------------------------------------------------ rendering, shared by both paths

    /** Bytes of a selection worth reading: one past what the limit can show. */
    private long cap() {
        return limit.limitFor(TOOL) + 1L;
    }

    private String head(BlobInfo info, String summary) {
        String metadata = info.id().tag() + " " + info.kind().label() + " | " + info.bytes() + " bytes | "
                + info.count() + " " + info.kind().unit() + " | created " + info.id().created()
                + "\nread with: " + selectorsFor(info) + "\n";
        return limit.apply(TOOL, metadata + summary.substring(summary.indexOf('\n') + 1)).text();
    }

    /**
     * Lines {@code from..to}: {@code prefix} holds the first bytes of the selection (at most the cap), which is
     * {@code total} bytes long and starts at {@code start} in the blob.
     */
    private String renderLines(BlobInfo info, long from, long to, byte[] prefix, long total, long start, LongSupplier firstLineEnd) {
        List<Integer> ends = new ArrayList<>();
        for (int i = 0; i < prefix.length; i++) {
            if (prefix[i] == '\n') {
                ends.add(i + 1);
            }
        }
        boolean whole = prefix.length == total;
        if (whole && (ends.isEmpty() || ends.get(ends.size() - 1) != prefix.length)) {
            ends.add(prefix.length); // an unterminated last line
        }
        int wholeBytes = ends.isEmpty() ? 0 : ends.get(ends.size() - 1);
        String text = ends.isEmpty() ? decodeWhole(prefix, prefix.length) : new String(prefix, 0, wholeBytes, StandardCharsets.UTF_8);

        Cutter wholeLines = (ignored, budget) -> {
            int k = 0;
            while (k < ends.size() && ends.get(k) <= budget) {
                k++;
            }
            if (k > 0) {
                String shown = new String(prefix, 0, ends.get(k - 1), StandardCharsets.UTF_8);
                return new Cut(shown, Utf8.length(text) - ends.get(k - 1), "next part: lines:" + (from + k) + "-" + to);
            }
            String shown = Utf8.truncate(decodeWhole(prefix, Math.min(prefix.length, Math.max(0, budget))), budget);
            long shownBytes = Utf8.length(shown);
            long lineEnd = ends.isEmpty() ? firstLineEnd.getAsLong() : start + ends.get(0);
            return new Cut(shown, Utf8.length(text) - shownBytes, "line " + from + " alone is " + (lineEnd - start)
                    + " bytes; the rest of it: GET /v1/blobs/" + info.id() + " with Range: bytes=" + (start + shownBytes) + "-" + (lineEnd - 1));
        };
        return limit.apply(TOOL, text, total, wholeLines, "").text();
    }

    @FunctionalInterface
    private interface Reader {
        byte[] read(long offset, long length);
    }

    /**
     * Elements {@code from..to-1} as a JSON array of their stored bytes. {@code spans} are the leading elements
     * (as many as the limit could show) and, when the selection goes on, its last element.
     */
    private String renderSlice(BlobInfo info, long from, long to, List<ByteRange> spans, Reader reader) {
        boolean complete = spans.size() == to - from;
        // Only whole elements that were read are shown; anything else makes this a cut.
        List<ByteRange> leading = complete ? spans : spans.subList(0, spans.size() - 1);
        long start = spans.get(0).offset();
        long rawTotal = spans.get(spans.size() - 1).end() - start;
        long readEnd = leading.get(leading.size() - 1).end();
        byte[] raw = reader.read(start, Math.min(readEnd - start, cap() * 2));
        List<String> elements = new ArrayList<>();
        for (ByteRange span : leading) {
            if (span.end() - start > raw.length) {
                break;
            }
            elements.add(new String(raw, (int) (span.offset() - start), (int) span.length(), StandardCharsets.UTF_8));
        }
        complete = complete && elements.size() == leading.size();
        String text = elements.stream().collect(Collectors.joining(",", "[", "]"));
        long textBytes = Utf8.length(text);
        long total = complete ? textBytes : Math.max(textBytes, limit.limitFor(TOOL) + 1L);
        long unread = total - textBytes;
        Cutter wholeElements = (ignored, budget) -> {
            int k = 0;
            long size = 2;
            while (k < elements.size() && size + Utf8.length(elements.get(k)) + (k > 0 ? 1 : 0) <= budget) {
                size += Utf8.length(elements.get(k)) + (k > 0 ? 1 : 0);
                k++;
            }
            if (k > 0) {
                String shown = String.join(",", elements.subList(0, k));
                long rawShown = leading.get(k - 1).end() - start;
                return new Cut("[" + shown + "]", rawTotal - rawShown - unread, "next part: slice:" + (from + k) + ".." + to);
            }
            ByteRange first = leading.get(0);
            String shown = Utf8.truncate(decodeWhole(raw, (int) Math.min(raw.length, Math.max(0, budget))), budget);
            long shownBytes = Utf8.length(shown);
            return new Cut(shown, rawTotal - shownBytes - unread, "entry " + from + " alone is " + first.length()
                    + " bytes; the rest of it: GET /v1/blobs/" + info.id() + " with Range: bytes=" + (first.offset() + shownBytes)
                    + "-" + (first.end() - 1));
        };
        return limit.apply(TOOL, text, total, wholeElements, "").text();
    }

    private String renderKey(BlobInfo info, Selector.Key selector, ByteRange value, byte[] prefix) {
        String text = decodeWhole(prefix, prefix.length);
        return limit.apply(TOOL, text, value.length(), (ignored, budget) -> {
            String shown = Utf8.truncate(text, budget);
            long shownBytes = Utf8.length(shown);
            return new Cut(shown, Utf8.length(text) - shownBytes, "the value of " + selector + " alone is " + value.length()
                    + " bytes; the rest of it: GET /v1/blobs/" + info.id() + " with Range: bytes=" + (value.offset() + shownBytes)
                    + "-" + (value.end() - 1));
        }, "").text();
    }

    // ------------------------------------------------------------------ helpers

    private static byte[] read(BlobStore store, BlobId id, long start, long end, long cap) {
        return store.read(id, ByteRange.between(start, Math.min(end, start + cap))).await().atMost(WAIT);
    }

    /** Decodes the first {@code length} bytes, dropping a character cut at the end. */
    private static String decodeWhole(byte[] bytes, int length) {
        String text = new String(bytes, 0, length, StandardCharsets.UTF_8);
        return text.endsWith("\uFFFD") && length > 0 && (bytes[length - 1] & 0x80) != 0 ? text.substring(0, text.length() - 1) : text;
    }

    private static void checkStart(BlobInfo info, long from) {
        boolean past = info.kind() == BlobKind.TEXT ? from > info.count() : from >= info.count();
        if (past) {
            throw new InvalidSelectorException("blob " + info.id() + " has " + info.count() + " " + info.kind().unit() + ", so the selection starts past its end: use "
                    + selectorsFor(info));
        }
    }

    private static void checkFits(BlobInfo info, Selector selector) {
        boolean fits = selector instanceof Selector.Head
                || (selector instanceof Selector.Lines && info.kind() == BlobKind.TEXT)
                || (selector instanceof Selector.Slice && info.kind() == BlobKind.JSON_ARRAY)
                || (selector instanceof Selector.Key && info.kind() == BlobKind.JSON_OBJECT);
        if (!fits) {
            throw new InvalidSelectorException("selector '" + selector + "' does not apply to blob " + info.id() + ", a "
                    + info.kind().label() + " with " + info.count() + " " + info.kind().unit() + ": use " + selectorsFor(info));
        }
    }

    static String selectorsFor(BlobInfo info) {
        long n = info.count();
        return switch (info.kind()) {
            case TEXT -> n == 0 ? "nothing: the text is empty"
                    : "lines:A-B with 1 <= A <= B <= " + n + " (e.g. lines:1-" + Math.min(n, 50) + ")";
            case JSON_ARRAY -> n == 0 ? "nothing: the array is empty"
                    : "slice:A..B with 0 <= A < B <= " + n + " (e.g. slice:0.." + Math.min(n, 10) + ")";
            case JSON_OBJECT -> "key:NAME for a top-level key";
        };
    }

    private static InvalidSelectorException unknownKey(BlobInfo info, String name, Map<String, ByteRange> values) {
        StringBuilder keys = new StringBuilder();
        Iterator<String> names = values.keySet().iterator();
        int shown = 0;
        while (names.hasNext() && shown < 50 && keys.length() < 2000) {
            keys.append(shown == 0 ? "" : ", ").append(names.next());
            shown++;
        }
        if (names.hasNext()) {
            keys.append(", … +").append(values.size() - shown).append(" more keys");
        }
        return new InvalidSelectorException("blob " + info.id() + " has no top-level key '" + Utf8.clip(name, 200)
                + "'; its keys are: " + keys);
    }
}
