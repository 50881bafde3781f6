package dev.toolspill.scan;

import dev.toolspill.text.TextLines;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Follows the lines of a stream: counts them, notes where every {@code every}-th one starts (the read index), finds
 * the longest, and keeps the first and last few, each up to a byte cap. The current line and the tail live in a ring of reused
 * buffers, so nothing is allocated per line.
 */
final class LineScanner {

    private final ScanSettings settings;
    private final int every;
    private final int lineBytes;

    private long bytes;
    private long newlines;
    private int lastByte = '\n';
    private final LongList lineOffsets = new LongList();
    private final List<byte[]> head = new ArrayList<>();
    private final byte[][] ring;
    private final int[] ringLength;
    private int current;
    private long tailLines;
    private long lineStart;
    private ReadIndex.Line longest = new ReadIndex.Line(0, 0, 0);

    LineScanner(ScanSettings settings, int every) {
        this.settings = settings;
        this.every = every;
        this.lineBytes = settings.lineChars() * 2;
        this.ring = new byte[settings.tailLines() + 1][lineBytes];
        this.ringLength = new int[ring.length];
        lineOffsets.add(0);
    }

    void feed(byte[] chunk, int offset, int length) {
        if (length <= 0) {
            return;
        }
        int end = offset + length;
        int start = offset;
        for (int i = offset; i < end; i++) {
            if (i + 8 <= end && !hasNewline((long) Utf8Validator.LONGS.get(chunk, i))) {
                i += 7; // no newline in these eight bytes
                continue;
            }
            if (chunk[i] == '\n') {
                long at = bytes + (i - offset);
                boolean cr = at > lineStart && (i > offset ? chunk[i - 1] : lastByte) == '\r';
                measure(at - (cr ? 1 : 0));
                lineStart = at + 1;
                keepLinePart(chunk, start, i + 1 - start);
                lineDone();
                newlines++;
                if (newlines % every == 0) {
                    lineOffsets.add(bytes + (i + 1 - offset));
                }
                start = i + 1;
            }
        }
        keepLinePart(chunk, start, end - start);
        bytes += length;
        lastByte = chunk[end - 1];
    }

    /** The line that started at {@code lineStart} has its content end at {@code end}: is it the longest yet? */
    private void measure(long end) {
        if (end - lineStart > longest.bytes() || longest.number() == 0) {
            longest = new ReadIndex.Line(newlines + 1, lineStart, end - lineStart);
        }
    }

    /** Whether any of the eight bytes is '\n' (the classic has-zero-byte test on {@code word ^ 0x0A0A...}). */
    private static boolean hasNewline(long word) {
        long x = word ^ 0x0A0A0A0A0A0A0A0AL;
        return ((x - 0x0101010101010101L) & ~x & 0x8080808080808080L) != 0;
    }

    private void keepLinePart(byte[] chunk, int from, int length) {
        int room = lineBytes - ringLength[current];
        if (room > 0 && length > 0) {
            int n = Math.min(room, length);
            System.arraycopy(chunk, from, ring[current], ringLength[current], n);
            ringLength[current] += n;
        }
    }

    private void lineDone() {
        if (head.size() < settings.headLines()) {
            head.add(Arrays.copyOf(ring[current], ringLength[current]));
        } else {
            tailLines++;
            current = (current + 1) % ring.length;
        }
        ringLength[current] = 0;
    }

    /** The whole stream seen: its lines, as a shape and an index. Call once. */
    Scan finish() {
        if (bytes > lineStart) {
            measure(bytes); // the last line, unterminated
        }
        if (ringLength[current] > 0 || (bytes > 0 && lastByte != '\n')) {
            lineDone();
        }
        long lines = bytes == 0 ? 0 : lastByte == '\n' ? newlines : newlines + 1;
        List<String> headLines = head.stream().map(LineScanner::lineText).toList();
        List<String> all = tail().stream().map(LineScanner::lineText).toList();
        long tailCount = Math.min(settings.tailLines(), Math.max(0, lines - headLines.size()));
        List<String> tail = all.subList((int) Math.max(0, all.size() - tailCount), all.size());
        long[] offsets = lineOffsets.toArray();
        if (lastByte == '\n' && newlines % every == 0 && offsets.length > 1 && offsets[offsets.length - 1] == bytes) {
            offsets = Arrays.copyOf(offsets, offsets.length - 1); // no line starts at the very end
        }
        Shape shape = new Shape.TextShape(lines, headLines, tail);
        return new Scan(BlobKind.TEXT, bytes, shape, ReadIndex.text(bytes, lines, every, offsets, shape, longest));
    }

    /** The last lines after the head, oldest first. */
    private List<byte[]> tail() {
        int kept = (int) Math.min(tailLines, ring.length - 1);
        List<byte[]> lines = new ArrayList<>(kept);
        for (int i = kept; i >= 1; i--) {
            int slot = Math.floorMod(current - i, ring.length);
            lines.add(Arrays.copyOf(ring[slot], ringLength[slot]));
        }
        return lines;
    }

    private static String lineText(byte[] bytes) {
        return TextLines.strip(new String(bytes, StandardCharsets.UTF_8));
    }
}
