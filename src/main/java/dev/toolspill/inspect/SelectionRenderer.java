package dev.toolspill.inspect;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.limit.Cut;
import dev.toolspill.limit.Cutter;
import dev.toolspill.limit.HistoryLimit;
import dev.toolspill.limit.Limited;
import dev.toolspill.scan.ReadIndex;
import dev.toolspill.text.Utf8;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Turns the bytes read for a selection into what inspect answers, under the limit of the tool {@code inspect}.
 * A cut keeps whole lines or elements where it can and names the selector that reads on; one line, element or
 * value too long for the limit is cut on a character boundary, and the answer says which byte range holds the rest.
 */
final class SelectionRenderer {

    static final String TOOL = "inspect";

    private final HistoryLimit limit;

    SelectionRenderer(HistoryLimit limit) {
        this.limit = limit;
    }

    /** Bytes of a selection worth reading: one past what the limit can show. */
    long cap() {
        return limit.limitFor(TOOL) + 1L;
    }

    Limited head(BlobId id, ReadIndex index, String summary) {
        String metadata = id.tag() + " " + index.kind().label() + " | " + index.bytes() + " bytes | "
                + index.count() + " " + index.kind().unit() + " | created " + id.created()
                + "\nread with: " + InspectMessages.selectorsFor(index) + "\n";
        return limit.apply(TOOL, metadata + summary.substring(summary.indexOf('\n') + 1));
    }

    /**
     * Lines {@code from..to}: {@code prefix} holds the first bytes of the selection (at most the cap), which is
     * {@code total} bytes long and starts at {@code start} in the blob; {@code firstLineEnd} is where line {@code from} ends.
     */
    Limited lines(BlobId id, long from, long to, byte[] prefix, long total, long start, long firstLineEnd) {
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
        String text = ends.isEmpty() ? Utf8.decodePrefix(prefix, prefix.length) : new String(prefix, 0, wholeBytes, StandardCharsets.UTF_8);

        Cutter wholeLines = (ignored, budget) -> {
            int k = 0;
            while (k < ends.size() && ends.get(k) <= budget) {
                k++;
            }
            if (k > 0) {
                String shown = new String(prefix, 0, ends.get(k - 1), StandardCharsets.UTF_8);
                return new Cut(shown, Utf8.length(text) - ends.get(k - 1), "next part: lines:" + (from + k) + "-" + to);
            }
            String shown = Utf8.truncate(Utf8.decodePrefix(prefix, Math.min(prefix.length, Math.max(0, budget))), budget);
            long shownBytes = Utf8.length(shown);
            return new Cut(shown, Utf8.length(text) - shownBytes, "line " + from + " alone is " + (firstLineEnd - start)
                    + " bytes; the rest of it: GET /v1/blobs/" + id + " with Range: bytes=" + (start + shownBytes) + "-" + (firstLineEnd - 1));
        };
        return limit.apply(TOOL, text, total, wholeLines, "");
    }

    /**
     * Elements {@code from..to-1} as a JSON array of their stored bytes. {@code spans} are the leading elements (as
     * many as the limit could show) and, when the selection goes on, its last element; {@code raw} holds the bytes
     * from the first span's start, as far as was read.
     */
    Limited slice(BlobId id, long from, long to, List<ByteRange> spans, byte[] raw) {
        boolean complete = spans.size() == to - from;
        // Only whole elements that were read are shown; anything else makes this a cut.
        List<ByteRange> leading = complete ? spans : spans.subList(0, spans.size() - 1);
        long start = spans.get(0).offset();
        long rawTotal = spans.get(spans.size() - 1).end() - start;
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
                long rawShown = leading.get(k - 1).end() - start;
                return new Cut("[" + String.join(",", elements.subList(0, k)) + "]", rawTotal - rawShown - unread,
                        "next part: slice:" + (from + k) + ".." + to);
            }
            ByteRange first = leading.get(0);
            String shown = Utf8.truncate(Utf8.decodePrefix(raw, (int) Math.min(raw.length, Math.max(0, budget))), budget);
            long shownBytes = Utf8.length(shown);
            return new Cut(shown, rawTotal - shownBytes - unread, "entry " + from + " alone is " + first.length()
                    + " bytes; the rest of it: GET /v1/blobs/" + id + " with Range: bytes=" + (first.offset() + shownBytes)
                    + "-" + (first.end() - 1));
        };
        return limit.apply(TOOL, text, total, wholeElements, "");
    }

    /**
     * The first bytes of a blob too long for the limit that has no lines or elements to cut at (a JSON object):
     * {@code prefix} holds them (at most the cap); the marker names the first key whose value is not all shown.
     */
    Limited start(BlobId id, ReadIndex index, byte[] prefix) {
        String text = Utf8.decodePrefix(prefix, prefix.length);
        return limit.apply(TOOL, text, index.bytes(), (ignored, budget) -> {
            String shown = Utf8.truncate(text, budget);
            long shownBytes = Utf8.length(shown);
            return new Cut(shown, Utf8.length(text) - shownBytes, "next part: " + index.values().entrySet().stream()
                    .filter(value -> value.getValue().end() > shownBytes)
                    .min(Comparator.comparingLong(value -> value.getValue().offset()))
                    .map(value -> new Selector.Key(value.getKey()).toString())
                    .orElse("GET /v1/blobs/" + id + " with Range: bytes=" + shownBytes + "-"));
        }, "");
    }

    /** The value of a key: {@code prefix} holds its first bytes (at most the cap). */
    Limited key(BlobId id, Selector.Key selector, ByteRange value, byte[] prefix) {
        String text = Utf8.decodePrefix(prefix, prefix.length);
        return limit.apply(TOOL, text, value.length(), (ignored, budget) -> {
            String shown = Utf8.truncate(text, budget);
            long shownBytes = Utf8.length(shown);
            return new Cut(shown, Utf8.length(text) - shownBytes, "the value of " + selector + " alone is " + value.length()
                    + " bytes; the rest of it: GET /v1/blobs/" + id + " with Range: bytes=" + (value.offset() + shownBytes)
                    + "-" + (value.end() - 1));
        }, "");
    }
}
