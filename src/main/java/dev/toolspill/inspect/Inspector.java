package dev.toolspill.inspect;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobInfo;
import dev.toolspill.blob.BlobKind;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.blob.NoBlobStoreException;
import dev.toolspill.limit.Cut;
import dev.toolspill.limit.Cutter;
import dev.toolspill.limit.HistoryLimit;
import dev.toolspill.output.JsonLayout;
import dev.toolspill.output.Summarizer;
import dev.toolspill.output.TextLines;
import dev.toolspill.output.Utf8;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Reads exactly the part of a blob a selector names, byte for byte, and caps it with the limit of
 * the tool {@code inspect}. A cut keeps whole lines or elements where it can and names the selector
 * that reads on.
 */
@ApplicationScoped
public class Inspector {

    public static final String TOOL = "inspect";

    private final Optional<BlobStore> blobs;
    private final Summarizer summarizer;
    private final HistoryLimit limit;

    public Inspector(Optional<BlobStore> blobs, Summarizer summarizer, HistoryLimit limit) {
        this.blobs = blobs;
        this.summarizer = summarizer;
        this.limit = limit;
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
        return store.stat(id).flatMap(info -> {
            checkFits(info, selector);
            if (selector instanceof Selector.Head) {
                return head(store, info);
            }
            return store.read(id, new ByteRange(0, info.bytes())).map(bytes -> select(info, selector, bytes));
        });
    }

    private Uni<String> head(BlobStore store, BlobInfo info) {
        return store.load(info.id()).map(content -> {
            String metadata = info.id().tag() + " " + info.kind().label() + " | " + info.bytes() + " bytes | "
                    + info.count() + " " + info.kind().unit() + " | created " + info.created()
                    + "\nread with: " + selectorsFor(info) + "\n";
            String summary = summarizer.summarize(info.id(), content);
            return limit.apply(TOOL, metadata + summary.substring(summary.indexOf('\n') + 1)).text();
        });
    }

    private String select(BlobInfo info, Selector selector, byte[] bytes) {
        if (selector instanceof Selector.Lines lines) {
            return lines(info, lines, bytes);
        }
        JsonLayout layout = JsonLayout.scan(bytes);
        if (selector instanceof Selector.Slice slice) {
            return slice(info, slice, layout, bytes);
        }
        return key(info, (Selector.Key) selector, layout, bytes);
    }

    private String lines(BlobInfo info, Selector.Lines selector, byte[] bytes) {
        long[] starts = TextLines.lineStarts(bytes);
        int count = starts.length - 1;
        if (selector.from() > count) {
            throw new InvalidSelectorException("blob " + info.id() + " has " + count + " lines, so " + selector
                    + " starts past its end: use lines:A-B with 1 <= A <= " + count);
        }
        int from = (int) selector.from();
        int to = (int) Math.min(selector.to(), count);
        String text = decode(bytes, starts[from - 1], starts[to]);
        Cutter wholeLines = (ignored, budget) -> {
            int last = from - 1;
            while (last < to && starts[last + 1] - starts[from - 1] <= budget) {
                last++;
            }
            if (last >= from) {
                String shown = decode(bytes, starts[from - 1], starts[last]);
                return new Cut(shown, starts[to] - starts[last], "next part: lines:" + (last + 1) + "-" + to);
            }
            return partOfOne(bytes, new ByteRange(starts[from - 1], starts[from] - starts[from - 1]), starts[to] - starts[from - 1],
                    budget, info, "line " + from);
        };
        return limit.apply(TOOL, text, wholeLines, "").text();
    }

    private String slice(BlobInfo info, Selector.Slice selector, JsonLayout layout, byte[] bytes) {
        if (!layout.array()) {
            throw wrongKind(info, selector);
        }
        List<ByteRange> elements = layout.elements();
        if (selector.from() >= elements.size()) {
            throw new InvalidSelectorException("blob " + info.id() + " has " + elements.size() + " entries, so " + selector
                    + " starts past its end: use slice:A..B with 0 <= A < " + elements.size());
        }
        int from = (int) selector.from();
        int to = (int) Math.min(selector.to(), elements.size());
        String text = jsonArray(bytes, elements.subList(from, to));
        long total = Utf8.length(text);
        Cutter wholeElements = (ignored, budget) -> {
            int end = from;
            long size = 2;
            while (end < to && size + elements.get(end).length() + (end > from ? 1 : 0) <= budget) {
                size += elements.get(end).length() + (end > from ? 1 : 0);
                end++;
            }
            if (end > from) {
                String shown = jsonArray(bytes, elements.subList(from, end));
                return new Cut(shown, total - Utf8.length(shown), "next part: slice:" + end + ".." + to);
            }
            return partOfOne(bytes, elements.get(from), total, budget, info, "entry " + from);
        };
        return limit.apply(TOOL, text, wholeElements, "").text();
    }

    private String key(BlobInfo info, Selector.Key selector, JsonLayout layout, byte[] bytes) {
        if (layout.array()) {
            throw wrongKind(info, selector);
        }
        ByteRange value = layout.values().get(selector.name());
        if (value == null) {
            throw new InvalidSelectorException("blob " + info.id() + " has no top-level key '" + selector.name()
                    + "'; its keys are: " + keyList(layout));
        }
        String text = decode(bytes, value.offset(), value.end());
        return limit.apply(TOOL, text, (ignored, budget) -> partOfOne(bytes, value, value.length(), budget, info,
                "the value of " + selector), "").text();
    }

    /** A single line or value too big for the limit: its first bytes, and where its rest can be read. */
    private static Cut partOfOne(byte[] bytes, ByteRange unit, long total, int budget, BlobInfo info, String what) {
        String start = decode(bytes, unit.offset(), Math.min(unit.end(), unit.offset() + Math.max(0, budget)));
        String shown = Utf8.truncate(start, budget);
        long shownBytes = Utf8.length(shown);
        return new Cut(shown, total - shownBytes, what + " alone is " + unit.length() + " bytes; the rest of it: GET /v1/blobs/"
                + info.id() + " with Range: bytes=" + (unit.offset() + shownBytes) + "-" + (unit.end() - 1));
    }

    private static String jsonArray(byte[] bytes, List<ByteRange> elements) {
        return elements.stream().map(e -> decode(bytes, e.offset(), e.end())).collect(Collectors.joining(",", "[", "]"));
    }

    private static String decode(byte[] bytes, long from, long to) {
        return new String(bytes, (int) from, (int) (to - from), StandardCharsets.UTF_8);
    }

    private static void checkFits(BlobInfo info, Selector selector) {
        boolean fits = selector instanceof Selector.Head
                || (selector instanceof Selector.Lines && info.kind() == BlobKind.TEXT)
                || (selector instanceof Selector.Slice && info.kind() == BlobKind.JSON_ARRAY)
                || (selector instanceof Selector.Key && info.kind() == BlobKind.JSON_OBJECT);
        if (!fits) {
            throw wrongKind(info, selector);
        }
    }

    private static InvalidSelectorException wrongKind(BlobInfo info, Selector selector) {
        return new InvalidSelectorException("selector '" + selector + "' does not apply to blob " + info.id() + ", a "
                + info.kind().label() + " with " + info.count() + " " + info.kind().unit() + ": use " + selectorsFor(info));
    }

    static String selectorsFor(BlobInfo info) {
        long n = info.count();
        return switch (info.kind()) {
            case TEXT -> "lines:A-B with 1 <= A <= B <= " + n + " (e.g. lines:1-" + Math.min(n, 50) + ")";
            case JSON_ARRAY -> "slice:A..B with 0 <= A < B <= " + n + " (e.g. slice:0.." + Math.min(n, 10) + ")";
            case JSON_OBJECT -> "key:NAME for a top-level key";
        };
    }

    private static String keyList(JsonLayout layout) {
        StringBuilder keys = new StringBuilder();
        Iterator<String> names = layout.values().keySet().iterator();
        int shown = 0;
        while (names.hasNext() && shown < 50 && keys.length() < 2000) {
            keys.append(shown == 0 ? "" : ", ").append(names.next());
            shown++;
        }
        if (names.hasNext()) {
            keys.append(", … +").append(layout.values().size() - shown).append(" more keys");
        }
        return keys.toString();
    }
}
