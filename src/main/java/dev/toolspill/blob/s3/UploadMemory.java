package dev.toolspill.blob.s3;

import io.smallrye.mutiny.Uni;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The memory all S3 part buffers of this replica may hold together ({@code toolspill.blob-store.s3.upload-buffer-bytes}),
 * counted in KiB. An upload takes what its buffer grows to and gives it back once the part is sent; when the budget is
 * used up, an upload waits for its share in line, holding no thread, and fails if none comes within the wait.
 */
final class UploadMemory {

    private static final int UNIT = 1024;

    private final long total;
    private final Duration wait;
    private final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
    private long available;

    UploadMemory(long bytes, Duration wait) {
        this.total = Math.max(bytes / UNIT, S3Upload.PART_BYTES / UNIT);
        this.available = total;
        this.wait = wait;
    }

    private record Waiter(long units, CompletableFuture<Void> granted) {
    }

    /** Takes {@code bytes} (rounded up to KiB), at once or once others gave back enough; fails after the wait. */
    Uni<Void> take(int bytes) {
        long units = units(bytes);
        if (units == 0) {
            return Uni.createFrom().voidItem();
        }
        Waiter waiter;
        synchronized (this) {
            if (waiters.isEmpty() && available >= units) {
                available -= units;
                return Uni.createFrom().voidItem();
            }
            waiter = new Waiter(units, new CompletableFuture<>());
            waiters.add(waiter);
        }
        CompletableFuture<Void> timed = waiter.granted().orTimeout(wait.toMillis(), TimeUnit.MILLISECONDS);
        return Uni.createFrom().completionStage(timed)
                .onFailure().transform(failure -> {
                    synchronized (this) {
                        waiters.remove(waiter);
                        serve(); // a larger request that gave up may let smaller ones behind it go
                    }
                    return failure instanceof TimeoutException ? new IOException("no upload memory came free within "
                            + wait.toSeconds() + " s (toolspill.blob-store.s3.upload-buffer-bytes is in use by other uploads)") : failure;
                });
    }

    void give(int bytes) {
        if (bytes > 0) {
            synchronized (this) {
                available += units(bytes);
                serve();
            }
        }
    }

    /** Grants waiters in order while there is room; one that gave up already takes nothing. */
    private void serve() {
        while (!waiters.isEmpty() && waiters.peek().units() <= available) {
            Waiter next = waiters.poll();
            if (next.granted().complete(null)) {
                available -= next.units();
            }
        }
    }

    /** KiB free now (tests). */
    synchronized long availableKib() {
        return available;
    }

    private static long units(int bytes) {
        return (bytes + UNIT - 1) / UNIT;
    }
}
