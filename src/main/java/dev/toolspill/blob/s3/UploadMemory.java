package dev.toolspill.blob.s3;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The memory all S3 part buffers of this replica may hold together ({@code toolspill.blob-store.s3.upload-buffer-bytes}),
 * counted in KiB. An upload takes what its buffer grows to and gives it back once the part is sent; when the budget is
 * used up, an upload waits for its share, and fails if none comes within the wait.
 */
final class UploadMemory {

    private static final int UNIT = 1024;

    private final Semaphore kib;
    private final Duration wait;

    UploadMemory(long bytes, Duration wait) {
        this.kib = new Semaphore((int) Math.min(Integer.MAX_VALUE, Math.max(bytes / UNIT, S3Upload.PART_BYTES / UNIT)));
        this.wait = wait;
    }

    /** Takes {@code bytes} (rounded up to KiB); blocks up to the wait. */
    void take(int bytes) throws IOException {
        try {
            if (!kib.tryAcquire(units(bytes), wait.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IOException("no upload memory came free within " + wait.toSeconds()
                        + " s (toolspill.blob-store.s3.upload-buffer-bytes is in use by other uploads)");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for upload memory");
        }
    }

    void give(int bytes) {
        if (bytes > 0) {
            kib.release(units(bytes));
        }
    }

    private static int units(int bytes) {
        return (bytes + UNIT - 1) / UNIT;
    }
}
