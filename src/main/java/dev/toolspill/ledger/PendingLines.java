package dev.toolspill.ledger;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The JSON lines of one tenant's hour waiting to be written, and how many entries they are: in chunks that grow from
 * 4 KiB (a tenant with a few calls holds little) to 256 KiB, appended to and never copied while they wait, and handed
 * to the journal as they are. No chunk is over half a G1 region (1 MiB regions with this heap), so a batch of a
 * megabyte is never a humongous allocation, which the flush's one array of the whole batch was (src/bench/BENCHMARKS.md).
 */
final class PendingLines {

    static final int FIRST = 4 * 1024;
    static final int LARGEST = 256 * 1024;

    private final List<byte[]> full = new ArrayList<>();
    private byte[] chunk = new byte[FIRST];
    private int used;
    private long size;
    private int entries;

    /** Appends one entry's line: the first {@code length} bytes of {@code line}. */
    void append(byte[] line, int length) {
        int from = 0;
        while (from < length) {
            if (used == chunk.length) {
                full.add(chunk);
                chunk = new byte[Math.min(LARGEST, chunk.length * 2)];
                used = 0;
            }
            int n = Math.min(length - from, chunk.length - used);
            System.arraycopy(line, from, chunk, used, n);
            used += n;
            from += n;
        }
        size += length;
        entries++;
    }

    long size() {
        return size;
    }

    int entries() {
        return entries;
    }

    /** The bytes in order, in parts of at most {@link #LARGEST}; this is not appended to afterwards. */
    List<byte[]> parts() {
        List<byte[]> parts = new ArrayList<>(full.size() + 1);
        parts.addAll(full);
        if (used > 0) {
            parts.add(used == chunk.length ? chunk : Arrays.copyOf(chunk, used));
        }
        return parts;
    }
}
