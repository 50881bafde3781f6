package dev.toolspill.inspect.walk;

import dev.toolspill.blob.ByteRange;
import dev.toolspill.output.KeyNames;
import dev.toolspill.text.Utf8;

import java.util.ArrayList;
import java.util.List;

/**
 * One open array or object under a {@link PathWalker}: where it is on the pointer's way ({@code level}, -1 when off
 * it), how many children it has had, and, for the one a page reads, the spans of its elements or members.
 */
final class PathFrame {

    /** Keys a message lists of an object the pointer could not go on in. */
    static final int KEYS_SHOWN = 50;
    private static final int KEY_CHARS = 2000;

    final boolean object;
    final int level;
    final long start;
    final long index;
    final boolean paged;
    final List<String> keys;
    long children;
    boolean matched;
    String name;
    long keyStart;
    long memberStart;
    // a page: the spans it can show, and the last one in range
    private List<ByteRange> spans;
    private long shown;
    private boolean full;
    private ByteRange last;
    private long selected;
    private int keyChars;

    PathFrame(boolean object, int level, long start, long index, boolean paged, boolean listsKeys) {
        this.object = object;
        this.level = level;
        this.start = start;
        this.index = index;
        this.paged = paged;
        this.keys = listsKeys && object ? new ArrayList<>() : null;
        this.spans = paged ? new ArrayList<>() : null;
    }

    void key(String key, long at) {
        name = key;
        keyStart = at;
        if (keys != null && keys.size() < KEYS_SHOWN && keyChars < KEY_CHARS) {
            String shown = KeyNames.display(Utf8.clip(key, 200));
            keys.add(shown);
            keyChars += shown.length();
        }
    }

    /** One element or member of the page: kept while the limit could show it; the last one is always known. */
    void add(ByteRange span, long budget) {
        selected++;
        last = span;
        if (!full) {
            spans.add(span);
            shown += span.length() + 1;
            full = shown > budget;
        }
    }

    /** The page as read so far: the spans a limit can show and, when there are more, the last one after them. */
    PathOutcome.Paged page() {
        List<ByteRange> result = spans;
        if (spans.size() < selected) {
            result = new ArrayList<>(spans);
            result.add(last);
        }
        return new PathOutcome.Paged(List.copyOf(result), children, selected, object);
    }
}
