package dev.toolspill.blob.s3;

import io.smallrye.mutiny.Uni;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The memory all S3 part buffers of this replica may hold together ({@code toolspill.blob-store.s3.upload-buffer-bytes}),
 * counted in KiB. Each upload has a {@link Share}: the part it fills takes memory as it grows and, once sent, gives it
 * back when S3 has it. A part can only be sent full (S3's parts are at least 5 MiB), so uploads that each hold half a
 * part could wait for each other forever: memory is granted only while the parts being filled can still all be
 * finished one after another with what is free and what the finished ones give back (the banker's rule). So some
 * upload can always fill its part, and a waiting upload holds no thread and fails if nothing comes within the wait.
 */
final class UploadMemory {

    private static final int UNIT = 1024;

    private final long total;
    private final long partUnits;
    private final Duration wait;
    private final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
    private final Set<Share> filling = new LinkedHashSet<>();
    private long available;

    /** {@code bytes} for all parts together, at least one part of {@code partBytes} (what a part takes from this memory). */
    UploadMemory(long bytes, int partBytes, Duration wait) {
        this.partUnits = units(partBytes);
        this.total = Math.max(bytes / UNIT, partUnits);
        this.available = total;
        this.wait = wait;
    }

    private record Waiter(Share share, long units, CompletableFuture<Void> granted) {
    }

    /** What one upload holds of this memory: the part it fills now; the parts it sent are given back with {@link #give}. */
    final class Share {
        private long held;
        private Waiter waiting;

        /** Takes {@code bytes} (rounded up to KiB) for the part being filled, at once or once it is safe; fails after the wait. */
        Uni<Void> take(int bytes) {
            long units = units(bytes);
            if (units == 0) {
                return Uni.createFrom().voidItem();
            }
            Waiter waiter = new Waiter(this, units, new CompletableFuture<>());
            List<Waiter> granted;
            synchronized (UploadMemory.this) {
                waiters.add(waiter); // in line behind those waiting, unless their grants are not safe and this one's is
                waiting = waiter;
                granted = serve();
            }
            if (tell(granted).contains(waiter)) {
                return Uni.createFrom().voidItem();
            }
            CompletableFuture<Void> timed = waiter.granted().orTimeout(wait.toMillis(), TimeUnit.MILLISECONDS);
            return Uni.createFrom().completionStage(timed).onFailure().transform(failure -> {
                List<Waiter> others;
                synchronized (UploadMemory.this) {
                    waiters.remove(waiter);
                    others = serve(); // one that gave up may let others behind it go
                }
                tell(others);
                return failure instanceof TimeoutException ? new IOException("no upload memory came free within "
                        + wait.toSeconds() + " s (toolspill.blob-store.s3.upload-buffer-bytes is in use by other uploads)") : failure;
            });
        }

        /** Gives up the wait in progress, if any (the upload is dropped): it fails at once instead of at the end of the wait. */
        void abandon() {
            Waiter given;
            synchronized (UploadMemory.this) {
                given = waiting;
                waiting = null;
            }
            if (given != null) {
                given.granted().completeExceptionally(new IOException("the upload was dropped while it waited for part memory"));
            }
        }

        /** The part filled so far is sent: what it holds no longer counts as filling, and comes back through {@link #give}. */
        int sent() {
            long units;
            List<Waiter> granted;
            synchronized (UploadMemory.this) {
                units = held;
                held = 0;
                filling.remove(this);
                granted = serve(); // a part less to finish: grants that were not safe may be now
            }
            tell(granted);
            return (int) units * UNIT;
        }
    }

    Share share() {
        return new Share();
    }

    /** Gives back memory of a sent part (the bytes {@link Share#sent} answered), or of a dropped one. */
    void give(int bytes) {
        if (bytes > 0) {
            List<Waiter> granted;
            synchronized (this) {
                available += units(bytes);
                granted = serve();
            }
            tell(granted);
        }
    }

    /** Drops the part a share was filling (an aborted or finished upload): its memory comes back at once. */
    void drop(Share share) {
        give(share.sent());
    }

    /** Grants waiters in order, each one whose grant is safe, and answers them: they are told outside the lock. */
    private List<Waiter> serve() {
        List<Waiter> granted = new ArrayList<>();
        for (var next = waiters.iterator(); next.hasNext(); ) {
            Waiter waiter = next.next();
            if (waiter.granted().isDone()) {
                next.remove(); // it gave up
            } else if (grant(waiter.share(), waiter.units())) {
                next.remove();
                granted.add(waiter);
            }
        }
        return granted;
    }

    /** Tells the waiters they were granted (a grant goes on in their callers, so never under the lock); answers those told. */
    private List<Waiter> tell(List<Waiter> granted) {
        List<Waiter> told = new ArrayList<>(granted.size());
        for (Waiter waiter : granted) {
            if (waiter.granted().complete(null)) {
                told.add(waiter);
            } else {
                give(waiter.share(), waiter.units()); // it gave up as it was granted
            }
        }
        return told;
    }

    /** Takes {@code units} for {@code share} if that leaves every part being filled able to finish; true if taken. */
    private boolean grant(Share share, long units) {
        if (units > available || !safe(share, units)) {
            return false;
        }
        available -= units;
        share.held += units;
        filling.add(share);
        return true;
    }

    private void give(Share share, long units) {
        List<Waiter> granted;
        synchronized (this) {
            share.held -= units;
            available += units;
            if (share.held == 0) {
                filling.remove(share);
            }
            granted = serve();
        }
        tell(granted);
    }

    /**
     * Whether, after {@code share} takes {@code units}, the parts being filled can be finished one after another: the one
     * that needs least first, each giving back what it held once sent.
     */
    private boolean safe(Share share, long units) {
        List<long[]> parts = new ArrayList<>(filling.size() + 1); // {still needed, held}
        for (Share other : filling) {
            if (other != share) {
                parts.add(new long[] {Math.max(0, partUnits - other.held), other.held});
            }
        }
        long held = share.held + units;
        parts.add(new long[] {Math.max(0, partUnits - held), held});
        parts.sort(Comparator.comparingLong(part -> part[0]));
        long free = available - units;
        for (long[] part : parts) {
            if (part[0] > free) {
                return false;
            }
            free += part[1];
        }
        return true;
    }

    /** KiB free now (tests). */
    synchronized long availableKib() {
        return available;
    }

    private static long units(long bytes) {
        return (bytes + UNIT - 1) / UNIT;
    }
}
