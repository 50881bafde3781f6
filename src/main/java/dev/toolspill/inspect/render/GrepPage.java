package dev.toolspill.inspect.render;

import dev.toolspill.inspect.selector.Selector;
import dev.toolspill.inspect.grep.UnitSink;
import dev.toolspill.limit.Limited;
import dev.toolspill.text.Utf8;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One answer of a grep, under the limit: matching units as {@code N: text}, context units as {@code N- text}
 * ({@code --} between groups that do not touch), and a last line in brackets that counts the matches and the units
 * searched, and names the next part when one exists. The page stops at the first match it cannot show, so that match
 * is where the next part starts and every match is shown exactly once across the parts. A match too long for a page
 * alone is shown cut, and reads on with {@code bytes:A..B then grep:…}. It keeps the last {@code context} units (their
 * first bytes, in reused buffers) for the context before a match; nothing else is held per unit.
 */
public final class GrepPage implements UnitSink {

    private final Selector.Grep grep;
    private final boolean text;
    private final int limit;
    private final int budget;
    private final int cutReserve;
    private final boolean compact;
    private final long from;
    private final long lastUnit;
    private final int context;
    private final int keep;

    private final StringBuilder out = new StringBuilder();
    private int outBytes;
    private long matches;
    private long lastShown = -1;
    private int afterLeft;
    private boolean full;
    private Limited result;
    // the units before the next match, for its context: a ring of the last `context` units
    private final long[] ringNo;
    private final long[] ringLength;
    private final byte[][] ringHead;
    private final int[] ringHeadLength;
    private int ringStart;
    private int ringSize;
    // a match too long for a page alone: what is left of it
    private long cutNo = -1;
    private long cutLength;
    private long cutRest;
    private long cutEnd;
    private long dropped;

    /** {@code from}: the first unit searched; {@code lastUnit}: the blob's last; {@code size}: its bytes. */
    public GrepPage(Selector.Grep grep, boolean text, int limit, long from, long lastUnit, long size, int keep) {
        this.grep = grep;
        this.text = text;
        this.limit = limit;
        this.from = from;
        this.lastUnit = lastUnit;
        this.context = grep.context();
        this.keep = keep;
        long big = Math.max(lastUnit + 1, 1);
        String worst = status(big, big, grep.max() == Long.MAX_VALUE ? -1 : grep.max(), grep.from(big).toString());
        this.budget = limit - Utf8.length(worst);
        String worstNext = new Selector.Bytes(Math.max(size, 1), Math.max(size, 1), grep.from(big)).toString();
        int full = Utf8.length(cutMarker(false, Math.max(size, big), big, Math.max(size, big), worstNext));
        // at the smallest limits the marker of a cut match says only where the next part starts, so paging never stops
        this.compact = limit - full <= Long.toString(lastUnit).length() + 6;
        this.cutReserve = compact ? Utf8.length(cutMarker(true, Math.max(size, big), 0, 0, worstNext)) : full;
        this.ringNo = new long[context];
        this.ringLength = new long[context];
        this.ringHead = new byte[context][];
        this.ringHeadLength = new int[context];
    }

    /** Whether the limit leaves room for a match at all, after the last line. */
    public boolean fitsAnything() {
        return budget > 0 && limit - cutReserve > Long.toString(lastUnit).length() + 6;
    }

    /** The answer once decided (a match found that starts the next part), else null. */
    Limited result() {
        return result;
    }

    /**
     * A unit seen: {@code head[headFrom..+headLength)} holds its first bytes (all of them when it is short enough to
     * show); {@code offset} and {@code length} are its content's place in the blob.
     */
    @Override
    public boolean unit(long no, long offset, long length, byte[] head, int headFrom, int headLength, boolean matched) {
        add(no, offset, length, head, headFrom, headLength, matched);
        return result != null;
    }

    private void add(long no, long offset, long length, byte[] head, int headFrom, int headLength, boolean matched) {
        if (matched) {
            match(no, offset, length, head, headFrom, headLength);
            return;
        }
        if (afterLeft > 0 && !full) {
            if (fits(no, length)) {
                append(no, '-', head, headFrom, headLength);
                lastShown = no;
                afterLeft--;
                return;
            }
            full = true; // a later match starts the next part, which shows this line again as its context
        }
        if (context > 0) {
            remember(no, length, head, headFrom, headLength);
        }
    }

    private void match(long no, long offset, long length, byte[] head, int headFrom, int headLength) {
        if (full || matches >= grep.max()) {
            decide(no);
            return;
        }
        // the ring holds only units after the last one shown: they are this match's context
        long firstShown = ringSize > 0 ? ringNo[ringStart] : no;
        boolean gap = context > 0 && lastShown >= 0 && firstShown > lastShown + 1;
        long size = (gap ? 3 : 0) + rendered(no, length);
        for (int i = 0; i < ringSize; i++) {
            int slot = (ringStart + i) % context;
            size += rendered(ringNo[slot], ringLength[slot]) + (ringLength[slot] > keep ? budget : 0);
        }
        if (length <= keep && outBytes + size <= budget) {
            if (gap) {
                out.append("--\n");
                outBytes += 3;
            }
            for (int i = 0; i < ringSize; i++) {
                int slot = (ringStart + i) % context;
                append(ringNo[slot], '-', ringHead[slot], 0, ringHeadLength[slot]);
            }
            append(no, ':', head, headFrom, headLength);
        } else if (matches == 0 && fits(no, length)) {
            append(no, ':', head, headFrom, headLength); // its context does not fit beside it
        } else if (matches == 0) {
            cut(no, offset, length, head, headFrom, headLength);
        } else {
            decide(no);
            return;
        }
        matches++;
        lastShown = no;
        afterLeft = context;
        ringSize = 0;
    }

    private long rendered(long no, long length) {
        return Long.toString(no).length() + 2 + length + 1;
    }

    private boolean fits(long no, long length) {
        return length <= keep && outBytes + rendered(no, length) <= budget;
    }

    private void append(long no, char kind, byte[] head, int from, int length) {
        String line = no + (kind == ':' ? ": " : "- ") + new String(head, from, length, StandardCharsets.UTF_8) + "\n";
        out.append(line);
        outBytes += Utf8.length(line);
    }

    private void remember(long no, long length, byte[] head, int from, int headLength) {
        int slot = (ringStart + ringSize) % context;
        if (ringSize == context) {
            ringStart = (ringStart + 1) % context;
        } else {
            ringSize++;
        }
        if (ringHead[slot] == null) {
            ringHead[slot] = new byte[keep];
        }
        int n = Math.min(headLength, keep);
        System.arraycopy(head, from, ringHead[slot], 0, n);
        ringNo[slot] = no;
        ringLength[slot] = length;
        ringHeadLength[slot] = n;
    }

    /** The first match alone is too long for a page: as much of it as fits, and the bytes that hold the rest. */
    private void cut(long no, long offset, long length, byte[] head, int headFrom, int headLength) {
        String prefix = no + ": ";
        int room = limit - cutReserve - Utf8.length(prefix);
        byte[] first = Arrays.copyOfRange(head, headFrom, headFrom + (int) Math.min(headLength, Math.max(0, room)));
        String shown = Utf8.decodePrefix(first, first.length);
        int shownBytes = Utf8.length(shown);
        out.append(prefix).append(shown);
        outBytes += Utf8.length(prefix) + shownBytes;
        cutNo = no;
        cutLength = length;
        cutRest = offset + shownBytes;
        cutEnd = offset + length;
        dropped = length - shownBytes;
        full = true;
    }

    /** A match that this page does not show: it starts the next part. */
    private void decide(long next) {
        Selector.Grep rest = grep.from(next);
        if (cutNo >= 0) {
            result = cutAnswer(rest);
            return;
        }
        String status = status(matches, next - 1, matches >= grep.max() ? grep.max() : -1, rest.toString());
        result = new Limited(out + status, 0, rest.toString());
    }

    /** The answer: the one decided, or, when the search ran to the blob's end, the last part. */
    public Limited answer() {
        return result != null ? result : finish();
    }

    /** The blob ended: the answer is the last part. */
    public Limited finish() {
        if (result == null) {
            result = cutNo >= 0 ? cutAnswer(null) : new Limited(out + status(matches, lastUnit, -1, null), 0, null);
        }
        return result;
    }

    private Limited cutAnswer(Selector.Grep rest) {
        Selector.Bytes next = new Selector.Bytes(cutRest, cutEnd, rest);
        return new Limited(out + cutMarker(compact, dropped, cutNo, cutLength, next.toString()), dropped, next.toString());
    }

    private String cutMarker(boolean compact, long dropped, long no, long length, String next) {
        if (compact) {
            return "\n[truncated: " + dropped + " bytes dropped; next part: " + next + "]";
        }
        return "\n[truncated: " + dropped + " bytes dropped, refine your query] " + (text ? "line " : "entry ") + no
                + " alone is " + length + " bytes; next part: " + next;
    }

    private String status(long matches, long to, long max, String next) {
        String units = text ? "lines" : "entries";
        String found = matches == 0 ? "no matches" : matches == 1 ? "1 match" : matches + " matches";
        String range = lastUnit < from ? " (" + (text ? "the text has no lines" : "the array is empty") + ")"
                : " in " + units + " " + from + "-" + to;
        return "[" + found + range + (max > 0 ? ", max:" + max + " reached" : "") + (next == null ? "" : "; next part: " + next) + "]";
    }
}
