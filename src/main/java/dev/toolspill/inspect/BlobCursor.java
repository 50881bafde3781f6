package dev.toolspill.inspect;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.ByteRange;

import java.time.Duration;

/**
 * Reads a blob forward from a position, one window at a time, blocking: for a worker thread that
 * needs a few thousand bytes around an indexed position and must not read the whole blob.
 */
final class BlobCursor {

    private static final int WINDOW = 64 * 1024;
    private static final Duration WAIT = Duration.ofSeconds(60);

    private final BlobStore store;
    private final BlobId id;
    private final long end;
    private byte[] window = new byte[0];
    private long windowStart;
    private int index;

    BlobCursor(BlobStore store, BlobId id, long position, long end) {
        this.store = store;
        this.id = id;
        this.end = end;
        this.windowStart = position;
    }

    /** The offset of the byte {@link #next()} returns next. */
    long position() {
        return windowStart + index;
    }

    /** The next byte (0..255), or -1 at the end. */
    int next() {
        if (index == window.length) {
            long start = windowStart + window.length;
            if (start >= end) {
                return -1;
            }
            window = store.read(id, new ByteRange(start, Math.min(WINDOW, end - start))).await().atMost(WAIT);
            windowStart = start;
            index = 0;
            if (window.length == 0) {
                return -1;
            }
        }
        return window[index++] & 0xFF;
    }
}
