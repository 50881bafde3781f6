package dev.toolspill.inspect;

import dev.toolspill.limit.Limited;

import java.util.function.ObjIntConsumer;

/**
 * A grep over a blob's bytes, fed chunk by chunk from a unit's start: it frames units (lines or entries), tests them
 * and hands them to the {@link GrepPage} until the page is decided. Memory is bounded, whatever the blob: a buffer
 * holds the open unit and the chunk; a unit longer than {@code window} is kept as its first {@code keep} bytes and the
 * last few bytes of what was read (the matcher's overlap), and is tested part by part as it goes by.
 * <p>
 * With {@code skip} (a literal on text, no context), lines are not visited one by one: the literal is searched in
 * the whole buffer and only the newlines before a hit are counted, so a search costs about one pass over the bytes.
 * When {@code skip} is only what every match must hold (a regex's {@link RequiredLiteral}), a line with a hit is a
 * candidate that the matcher still tests.
 */
final class GrepScan {

    /** A regular expression needed more steps than its budget on unit {@code unit}. */
    static final class GaveUp extends RuntimeException {
        final long unit;
        /** The regex recursed deeper than the thread's stack (a repeated group or alternation over a long unit). */
        final boolean tooDeep;

        GaveUp(long unit, boolean tooDeep) {
            super(null, null, false, false);
            this.unit = unit;
            this.tooDeep = tooDeep;
        }
    }

    private final UnitFramer framer;
    private final UnitMatcher matcher;
    private final Literal skip;
    private final boolean skipMatches;
    private final GrepPage page;
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
    private Limited result;

    /**
     * Reads from {@code start}, where unit {@code firstUnit} begins; units before {@code firstCandidate} are only
     * context. {@code skip}, when not null, is a literal to skip to: the matcher itself, or text every match holds.
     */
    GrepScan(UnitFramer framer, UnitMatcher matcher, Literal skip, GrepPage page, long start, long firstUnit,
             long firstCandidate, int keep, int window) {
        this.framer = framer;
        this.matcher = matcher;
        this.skip = skip;
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

    /** Takes the next bytes of the blob; the answer once the page is decided, else null. */
    Limited feed(byte[] chunk, int offset, int count) {
        return feed(count, (target, at) -> System.arraycopy(chunk, offset, target, at, count));
    }

    /**
     * Takes the next {@code count} bytes of the blob, which {@code fill} copies into the given array from the given
     * index on (straight from a chunk, with no copy of its own); the answer once the page is decided, else null.
     */
    Limited feed(int count, ObjIntConsumer<byte[]> fill) {
        if (result == null && count > 0) {
            makeRoom(count);
            fill.accept(buffer, length);
            length += count;
            process();
        }
        return result;
    }

    /** The blob's bytes ended: the unit still open is its last. */
    Limited end() {
        if (result == null) {
            long content = framer.contentStart(rawStart);
            if (longUnit || (content >= 0 && content < base + length)) {
                complete(length, false);
            }
        }
        return result != null ? result : page.finish();
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
        while (result == null) {
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
        if (result == null) {
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
            page.unit(unit, contentStart, contentEnd - contentStart, bytes, from, shown, matched);
            result = page.result();
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
        try {
            return matcher.matches(buffer, from, to, unitStart, unitEnd);
        } catch (RegexMatcher.TooCostly e) {
            throw new GaveUp(unit, false);
        } catch (StackOverflowError e) {
            // java.util.regex recurses once per repetition of a group such as (a|aa)+: a long unit exhausts the stack
            throw new GaveUp(unit, true);
        }
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
