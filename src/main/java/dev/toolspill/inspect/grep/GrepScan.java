package dev.toolspill.inspect.grep;

import java.util.function.ObjIntConsumer;

/**
 * A grep over a blob's bytes, fed chunk by chunk from a unit's start: it frames units (lines or entries), tests them
 * and hands them to a {@link UnitSink} (the page of an answer) until the page is decided. Memory is bounded, whatever
 * the blob: a buffer holds the open unit and the chunk; a unit longer than {@code window} is kept as its first
 * {@code keep} bytes and the last few bytes of what was read (the matcher's overlap), and is tested part by part as it
 * goes by.
 * <p>
 * With {@code matchesOnly} on text (no context to show), lines are not visited one by one: the matcher's literal is
 * searched in the whole buffer and only the newlines before a hit are counted, so a search costs about one pass over the bytes.
 * When that literal is only what every match must hold (a regex's {@link RequiredLiteral}), a line with a hit is a
 * candidate that the matcher still tests.
 */
public final class GrepScan {

    /** What a grep's units are: the lines of a text, or the top-level entries of a JSON array. */
    public enum Units {
        LINES, ENTRIES
    }

    private final UnitFramer framer;
    private final UnitMatcher matcher;
    private final Literal skip;
    private final boolean skipMatches;
    private final UnitSink page;
    private final boolean visitAll;
    private final long firstCandidate;
    private final int keep;
    private final int window;

    private byte[] buffer = new byte[64 * 1024];
    private int length;
    private long base;
    private long unit;
    private long rawStart;
    private int scan;
    private int searchFrom;
    private boolean matched;
    private boolean candidate;
    private boolean longUnit;
    private byte[] head;
    private int headLength;
    private long headStart;
    private int carryFrom;
    private boolean decided;

    /**
     * Reads from {@code start}, where unit {@code firstUnit} begins; units before {@code firstCandidate} are only
     * context. With {@code matchesOnly} (no context is shown), lines without a candidate are not visited one by one:
     * the scan skips to the matcher's literal, or to the text every match of its regular expression holds.
     */
    public GrepScan(Units units, UnitMatcher matcher, boolean matchesOnly, UnitSink page, long start, long firstUnit,
                    long firstCandidate, int keep, int window) {
        this.framer = units == Units.LINES ? new UnitFramer.Lines() : new UnitFramer.Entries();
        this.matcher = matcher;
        this.skip = units != Units.LINES || !matchesOnly ? null
                : matcher instanceof Literal literal ? literal : ((RegexMatcher) matcher).required();
        this.skipMatches = skip == matcher;
        this.page = page;
        this.visitAll = skip == null; // skipping, only matches reach the page (there is no context to keep)
        this.base = start;
        this.rawStart = start;
        this.unit = firstUnit;
        this.firstCandidate = firstCandidate;
        this.keep = keep;
        this.window = Math.max(window, keep + 8);
    }

    /** Takes the next bytes of the blob; true once the page is decided (nothing more needs reading). */
    public boolean feed(byte[] chunk, int offset, int count) {
        return feed(count, (target, at) -> System.arraycopy(chunk, offset, target, at, count));
    }

    /**
     * Takes the next {@code count} bytes of the blob, which {@code fill} copies into the given array from the given
     * index on (straight from a chunk, with no copy of its own); true once the page is decided.
     */
    public boolean feed(int count, ObjIntConsumer<byte[]> fill) {
        if (!decided && count > 0) {
            makeRoom(count);
            fill.accept(buffer, length);
            length += count;
            process();
        }
        return decided;
    }

    /** The blob's bytes ended: the unit still open is its last. */
    public void end() {
        if (!decided) {
            long content = framer.contentStart(rawStart);
            if (longUnit || (content >= 0 && content < base + length)) {
                complete(length, false);
            }
        }
    }

    private int at(long offset) {
        return (int) (offset - base);
    }

    /** Keeps what is still needed of the buffer (the open unit, or a long unit's carry), with room for {@code count} more. */
    private void makeRoom(int count) {
        int keepFrom = longUnit ? carryFrom : at(rawStart);
        int kept = length - keepFrom;
        byte[] target = kept + count > buffer.length ? new byte[Math.max(kept + count, buffer.length * 2)] : buffer;
        System.arraycopy(buffer, keepFrom, target, 0, kept);
        buffer = target;
        base += keepFrom;
        length = kept;
        scan -= keepFrom;
        carryFrom -= keepFrom;
        searchFrom = Math.max(0, searchFrom - keepFrom);
    }

    private void process() {
        while (!decided) {
            if (skip != null && !longUnit && !candidate) {
                int hit = skip.indexOf(buffer, Math.max(searchFrom, at(rawStart)), length);
                if (hit < 0) {
                    skipLines(length);
                    searchFrom = Math.max(at(rawStart), length - skip.length() + 1);
                    break;
                }
                if (hit > scan) {
                    skipLines(hit);
                }
                matched = skipMatches && unit >= firstCandidate;
                candidate = true;
                searchFrom = hit + 1;
            }
            int end = framer.end(buffer, scan, length, base);
            if (end < 0) {
                scan = length;
                break;
            }
            complete(end, true);
        }
        if (!decided) {
            holdOpenUnit();
        }
    }

    /** Lines that end before {@code to} hold no match: count them, and move to the line {@code to} is in. */
    private void skipLines(int to) {
        int newlines = ByteSearch.count(buffer, (byte) '\n', scan, to);
        if (newlines > 0) {
            unit += newlines;
            rawStart = base + ByteSearch.lastIndexOf(buffer, (byte) '\n', scan, to) + 1;
        }
        scan = to;
    }

    /** The open unit ends at {@code buffer[end]} (or, not {@code terminated}, the blob ends there). */
    private void complete(int end, boolean terminated) {
        long contentEnd = framer.contentEnd(buffer, end, terminated, base, rawStart);
        long contentStart = longUnit ? headStart : framer.contentStart(rawStart);
        if (contentStart < 0) {
            contentStart = contentEnd;
        }
        if (!matched && unit >= firstCandidate) {
            int from = longUnit ? carryFrom : at(contentStart);
            matched = test(from, Math.max(from, at(contentEnd)), !longUnit, true);
        }
        if (matched || visitAll) {
            byte[] bytes = longUnit ? head : buffer;
            int from = longUnit ? 0 : at(contentStart);
            int shown = longUnit ? headLength : (int) Math.min(contentEnd - contentStart, keep);
            decided = page.unit(unit, contentStart, contentEnd - contentStart, bytes, from, shown, matched);
        }
        framer.next();
        unit++;
        rawStart = base + end + 1;
        scan = end + 1;
        searchFrom = Math.max(searchFrom, scan);
        matched = false;
        candidate = false;
        longUnit = false;
    }

    /** The open unit goes on past the buffer: keep it whole, or, once longer than the window, its head and a carry. */
    private void holdOpenUnit() {
        if (!longUnit) {
            if (length - at(rawStart) <= window) {
                return;
            }
            long content = framer.contentStart(rawStart);
            if (content < 0) {
                rawStart = base + length; // only whitespace between entries so far: nothing to keep
                return;
            }
            int from = at(content);
            headLength = Math.min(keep, length - from);
            head = head == null || head.length < keep ? new byte[keep] : head;
            System.arraycopy(buffer, from, head, 0, headLength);
            headStart = content;
            longUnit = true;
            carryFrom = from;
            testPart(true);
        } else {
            testPart(false);
        }
        carryFrom = Math.max(carryFrom, length - matcher.overlap());
        while (matcher.decodes() && carryFrom < length && (buffer[carryFrom] & 0xC0) == 0x80) {
            carryFrom++; // the next part starts on a character
        }
    }

    /** Tests the part of a long unit from {@code carryFrom} on. */
    private void testPart(boolean unitStart) {
        if (!matched && unit >= firstCandidate) {
            int to = matcher.decodes() ? characterEnd(length) : length;
            matched = test(carryFrom, Math.max(carryFrom, to), unitStart, false);
        }
    }

    private boolean test(int from, int to, boolean unitStart, boolean unitEnd) {
        return matcher.matches(buffer, from, to, unitStart, unitEnd);
    }

    /** {@code to}, or the start of a character that is cut at {@code to}. */
    private int characterEnd(int to) {
        int lead = to;
        while (lead > 0 && to - lead < 3 && (buffer[lead - 1] & 0xC0) == 0x80) {
            lead--;
        }
        if (lead == 0) {
            return to;
        }
        int first = buffer[lead - 1] & 0xFF;
        int needed = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1;
        return to - (lead - 1) < needed ? lead - 1 : to;
    }
}
