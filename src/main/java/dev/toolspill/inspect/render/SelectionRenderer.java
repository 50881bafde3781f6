package dev.toolspill.inspect.render;


import dev.toolspill.inspect.selector.Selector;
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
import java.util.function.LongFunction;
import java.util.stream.Collectors;

/**
 * Turns the bytes read for a selection into what inspect answers, under the limit of the tool {@code inspect}.
 * A cut keeps whole lines or elements where it can and names the selector that reads on; one line, element or
 * value too long for the limit is cut on a character boundary, and the answer says which byte range holds the rest.
 */
public final class SelectionRenderer {

    public static final String TOOL = "inspect";

    private final HistoryLimit limit;

    public SelectionRenderer(HistoryLimit limit) {
        this.limit = limit;
    }

    /** Bytes of a selection worth reading: one past what the limit can show. */
    public long cap() {
        return limit.limitFor(TOOL) + 1L;
    }

    /** Metadata, the summary less its first line, then {@code more}: what the summary cannot hold (see {@code read.HeadPicture}). */
    public Limited head(BlobId id, ReadIndex index, String summary, String more) {
        String metadata = id.tag() + " " + index.kind().label() + " | " + index.bytes() + " bytes | "
                + index.count() + " " + index.kind().unit() + " | created " + id.created()
                + "\nread with: " + InspectMessages.selectorsFor(index) + "\n";
        return limit.apply(TOOL, metadata + summary.substring(summary.indexOf('\n') + 1) + more);
    }

    /**
     * Lines {@code from..to}: {@code prefix} holds the first bytes of the selection (at most the cap), which is
     * {@code total} bytes long and starts at {@code start} in the blob; {@code firstLineEnd} is where line {@code from} ends.
     */
    public Limited lines(long from, long to, byte[] prefix, long total, long start, long firstLineEnd) {
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
                return onward(shown, Utf8.length(text) - ends.get(k - 1), "", new Selector.Lines(from + k, to));
            }
            Selector then = from < to ? new Selector.Lines(from + 1, to) : null;
            String what = said("line " + from + " alone is " + (firstLineEnd - start) + " bytes; ", budget, new Selector.Bytes(firstLineEnd, firstLineEnd, then));
            int room = room(budget, what, new Selector.Bytes(firstLineEnd, firstLineEnd, then));
            String shown = Utf8.truncate(Utf8.decodePrefix(prefix, Math.min(prefix.length, room)), room);
            long shownBytes = Utf8.length(shown);
            Selector rest = new Selector.Bytes(start + shownBytes, firstLineEnd, then);
            return onward(shown, Utf8.length(text) - shownBytes, what, rest);
        };
        return limit.apply(TOOL, text, total, wholeLines, "");
    }

    /**
     * Elements (or members) {@code from..to-1} as a JSON array (object) of their stored bytes. {@code spans} are the
     * leading ones (as many as the limit could show) and, when the selection goes on, its last one; {@code raw} holds
     * the bytes from the first span's start, as far as was read.
     */
    public Limited elements(Paging paging, long from, long to, List<ByteRange> spans, byte[] raw) {
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
        String text = elements.stream().collect(Collectors.joining(",", paging.open(), paging.close()));
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
                return onward(paging.open() + String.join(",", elements.subList(0, k)) + paging.close(), rawTotal - rawShown - unread,
                        "", paging.rest().apply(from + k));
            }
            ByteRange first = leading.get(0);
            Selector then = from + 1 < to ? paging.rest().apply(from + 1) : null;
            Selector longest = new Selector.Bytes(first.end(), first.end(), then);
            String what = said(paging.unit() + " " + from + " alone is " + first.length() + " bytes; ", budget, longest);
            int room = room(budget, what, longest);
            String shown = Utf8.truncate(Utf8.decodePrefix(raw, (int) Math.min(raw.length, room)), room);
            long shownBytes = Utf8.length(shown);
            Selector rest = new Selector.Bytes(first.offset() + shownBytes, first.end(), then);
            return onward(shown, rawTotal - shownBytes - unread, what, rest);
        };
        return limit.apply(TOOL, text, total, wholeElements, "");
    }

    /**
     * The first bytes of a blob too long for the limit that has no lines or elements to cut at (a JSON object):
     * {@code prefix} holds them (at most the cap); the marker names the first key whose value is not all shown.
     */
    public Limited start(BlobId id, ReadIndex index, byte[] prefix) {
        String text = Utf8.decodePrefix(prefix, prefix.length);
        return limit.apply(TOOL, text, index.bytes(), (ignored, budget) -> {
            String shown = Utf8.truncate(text, budget);
            long shownBytes = Utf8.length(shown);
            Selector next = index.values().entrySet().stream()
                    .filter(value -> value.getValue().end() > shownBytes)
                    .min(Comparator.comparingLong(value -> value.getValue().offset()))
                    .<Selector>map(value -> new Selector.Key(value.getKey()))
                    .orElse(new Selector.Bytes(shownBytes, Long.MAX_VALUE, null));
            return onward(shown, Utf8.length(text) - shownBytes, "", next);
        }, "");
    }

    /**
     * Bytes {@code start..end} of a blob of {@code size} bytes, for {@code asked} (whose ends moved on to character
     * boundaries, and its end to the blob's): {@code prefix} holds the first of them, at least as many as the limit
     * shows. They come as stored; a note says which bytes they are when that is not what was asked, and, when the
     * selection goes on after them ({@code then}), what reads on.
     */
    public Limited bytes(Selector.Bytes asked, long start, long end, long size, byte[] prefix) {
        String text = Utf8.decodePrefix(prefix, (int) Math.min(prefix.length, end - start));
        boolean moved = start != asked.from() || (asked.to() < size && end != asked.to());
        boolean clipped = asked.to() != Long.MAX_VALUE && asked.to() > size;
        String covers = "bytes " + start + ".." + end + " of " + size + (moved ? ": an end inside a character moved to the next character" : "");
        String about = moved || clipped ? covers : "";
        String tail = asked.then() != null ? "\n[" + (about.isEmpty() ? "" : about + "; ") + "next part: " + asked.then() + "]"
                : about.isEmpty() ? "" : "\n[" + about + "]";
        if (Utf8.length(text) == end - start && Utf8.length(text) + Utf8.length(tail) <= limit.limitFor(TOOL)) {
            return new Limited(text + tail, 0, asked.then() == null ? null : asked.then().toString());
        }
        return limit.cut(TOOL, text, end - start, (ignored, budget) -> {
            Selector longest = new Selector.Bytes(end, asked.to() == Long.MAX_VALUE ? Long.MAX_VALUE : end, asked.then());
            String part = said("this part is bytes " + start + ".." + end + " of " + size + "; ", budget, longest);
            String shown = Utf8.truncate(text, room(budget, part, longest));
            long shownEnd = start + Utf8.length(shown);
            Selector rest = new Selector.Bytes(shownEnd, asked.to() == Long.MAX_VALUE ? Long.MAX_VALUE : end, asked.then());
            String what = part.isEmpty() ? "" : "this part is bytes " + start + ".." + shownEnd + " of " + size + "; ";
            return onward(shown, Utf8.length(text) - Utf8.length(shown), what, rest);
        });
    }

    /** The value a key or pointer names: {@code prefix} holds its first bytes (at most the cap). */
    public Limited value(Selector selector, ByteRange value, byte[] prefix) {
        String text = Utf8.decodePrefix(prefix, prefix.length);
        return limit.apply(TOOL, text, value.length(), (ignored, budget) -> {
            Selector longest = new Selector.Bytes(value.end(), value.end());
            String what = said(selector + " is one value of " + value.length() + " bytes; ", budget, longest);
            String shown = Utf8.truncate(text, room(budget, what, longest));
            long shownBytes = Utf8.length(shown);
            return onward(shown, Utf8.length(text) - shownBytes, what, new Selector.Bytes(value.offset() + shownBytes, value.end()));
        }, "");
    }

    /**
     * What a part too small for a whole line, element or value says of it: {@code what}, when that leaves room for
     * some content beside the marker; else nothing, so that even at the smallest limit (128 bytes) the part shows
     * something and names its next part rather than ending the paging. {@code longest} is the next part with the
     * longest offsets it can have.
     */
    private static String said(String what, int budget, Selector longest) {
        return room(budget, what, longest) >= MIN_SHOWN ? what : "";
    }

    /** Bytes left for content in {@code budget} once the marker's note ({@code what}, then the next part) is in it. */
    private static int room(int budget, String what, Selector next) {
        return Math.max(0, budget - Utf8.length(" " + what + "next part: " + next));
    }

    /** A part that explains itself shows at least this much; with less room it names only its next part. */
    private static final int MIN_SHOWN = 16;

    /**
     * A cut that reads on with {@code next}: the marker says {@code what} and names it. A cut that shows nothing
     * names no next part, which would only repeat this one (a limit too small for one character and the marker).
     */
    static Cut onward(String shown, long dropped, String what, Selector next) {
        if (shown.isEmpty()) {
            return new Cut(shown, dropped, what + "the limit of inspect is too small to show a part of it");
        }
        return new Cut(shown, dropped, what + "next part: " + next, next.toString());
    }

    /** How a page of elements or members is written, and the selector for the part of it from a position on. */
    public record Paging(String open, String close, String unit, LongFunction<Selector> rest) {
        public static Paging slice(long to) {
            return new Paging("[", "]", "entry", k -> new Selector.Slice(k, to));
        }

        public static Paging of(Selector.Path path, boolean object, long to) {
            return new Paging(object ? "{" : "[", object ? "}" : "]", object ? "key" : "entry",
                    k -> new Selector.Path(path.pointer(), new Selector.Page(object, k, to)));
        }
    }
}
