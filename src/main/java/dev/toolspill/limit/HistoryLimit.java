package dev.toolspill.limit;

import dev.toolspill.text.Utf8;

import java.util.Map;
import java.util.TreeMap;

/**
 * The history guard: the one place that caps what a tool result puts into history. A text over the
 * tool's limit is cut and ends with {@code [truncated: N bytes dropped, refine your query]}; the
 * result, marker included, never exceeds the limit.
 */
public class HistoryLimit {

    /** Below this a marker and a useful part of the output cannot both fit. */
    public static final int MIN_LIMIT = 128;

    private final int defaultLimit;
    private final Map<String, Integer> perTool;

    public HistoryLimit(int defaultLimit, Map<String, Integer> perTool) {
        check("toolspill.limits.default", defaultLimit);
        perTool.forEach((tool, limit) -> check("toolspill.limits.tools.\"" + tool + "\"", limit));
        this.defaultLimit = defaultLimit;
        this.perTool = Map.copyOf(new TreeMap<>(perTool));
    }

    private static void check(String key, int limit) {
        if (limit < MIN_LIMIT) {
            throw new IllegalArgumentException(key + "=" + limit + " is too small: a limit must be at least "
                    + MIN_LIMIT + " bytes so the truncation marker and some content fit");
        }
    }

    /** The byte limit for a tool; unknown names get the default. */
    public int limitFor(String tool) {
        return perTool.getOrDefault(tool, defaultLimit);
    }

    public boolean exceeds(String tool, String text) {
        int limit = limitFor(tool);
        return text.length() > limit / 4 && Utf8.length(text) > limit;
    }

    public Limited apply(String tool, String text) {
        return apply(tool, text, Cutter.UTF8, "");
    }

    /**
     * Caps {@code text} at the tool's limit. {@code cutter} chooses the cut (a plain UTF-8 cut, or one
     * that keeps whole lines); {@code note} is added to the marker, e.g. the blob that holds everything.
     */
    public Limited apply(String tool, String text, Cutter cutter, String note) {
        if (!exceeds(tool, text)) {
            return new Limited(text, 0);
        }
        return cut(limitFor(tool), text, Utf8.length(text), cutter, note);
    }

    /**
     * Caps a selection of {@code totalBytes} of which only a prefix, {@code shown}, was read (a huge
     * blob is never read whole to answer with 16 KiB): the cutter reports drops against the total.
     */
    public Limited apply(String tool, String shown, long totalBytes, Cutter cutter, String note) {
        int limit = limitFor(tool);
        if (totalBytes <= limit && !exceeds(tool, shown)) {
            return new Limited(shown, 0);
        }
        return cut(limit, shown, totalBytes, cutter, note);
    }

    /**
     * Cuts a selection even where it would fit: for an answer that must keep room for something of its own after
     * the content (a note that the selection goes on), so the plain "fits" test does not apply.
     */
    public Limited cut(String tool, String shown, long totalBytes, Cutter cutter) {
        return cut(limitFor(tool), shown, totalBytes, cutter, "");
    }

    private Limited cut(int limit, String text, long total, Cutter cutter, String note) {
        int budget = limit - Utf8.length(marker(total, note, ""));
        long unread = total - Utf8.length(text); // bytes of the selection past the prefix that was read
        while (true) {
            Cut cut = cutter.cut(text, Math.max(0, budget));
            long dropped = cut.droppedBytes() + unread;
            String marker = marker(dropped, note, cut.note());
            int size = Utf8.length(cut.shown()) + Utf8.length(marker);
            if (size <= limit) {
                return new Limited(cut.shown() + marker, dropped, cut.next());
            }
            if (budget <= 0) {
                // Only a marker too long for the limit gets here; cut the marker rather than break the cap. Nothing
                // of the content is shown, so no selector reads on from it.
                return new Limited(Utf8.truncate(marker.strip(), limit), dropped); // the number its marker says
            }
            budget -= size - limit;
        }
    }

    static String marker(long dropped, String note, String cutNote) {
        StringBuilder marker = new StringBuilder("\n[truncated: ").append(dropped).append(" bytes dropped, refine your query]");
        if (!note.isEmpty()) {
            marker.append(' ').append(note);
        }
        if (!cutNote.isEmpty()) {
            marker.append(' ').append(cutNote);
        }
        return marker.toString();
    }
}
