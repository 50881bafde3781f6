package dev.toolspill.scan;

import dev.toolspill.blob.BlobStoreException;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.UniEmitter;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * At most {@code slots} index loads at once; a load past that waits its turn in a queue of at most {@code queue}
 * (a waiting load holds no thread and no memory but its place), for at most {@code wait}. Beyond the queue, or
 * after the wait, the reader is told to retry shortly. A slot is taken only when a load starts, and given back when
 * it ends however it ends, so a cancelled waiter can never keep one.
 * <p>
 * Why not a library's bulkhead: SmallRye Fault Tolerance's {@code @Bulkhead} (and its programmatic guard) queues
 * asynchronous calls without a bound on the wait, and a {@code @Timeout} around it would also cut a load already
 * running; Mutiny has no bulkhead. The wait for a turn is what this class bounds, so it stays, small and tested
 * (BlobIndexerTest: loads past the budget wait their turn, past the queue or the deadline are refused and keep no slot).
 */
final class LoadSlots {

    private final int slots;
    private final int queue;
    private final Duration wait;
    private final ArrayDeque<Waiter> waiting = new ArrayDeque<>();
    private int running;

    LoadSlots(int slots, int queue, Duration wait) {
        this.slots = slots;
        this.queue = queue;
        this.wait = wait;
    }

    /** Runs {@code load} when a slot is free; the wait for one is bounded, the load itself is not timed here. */
    <T> Uni<T> run(Supplier<Uni<T>> load) {
        return Uni.createFrom().deferred(() -> attempt(load, System.nanoTime() + wait.toNanos()));
    }

    private <T> Uni<T> attempt(Supplier<Uni<T>> load, long deadline) {
        return Uni.createFrom().deferred(() -> {
            if (tryStart()) {
                return load.get().onTermination().invoke(this::finished);
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return Uni.createFrom().failure(busy());
            }
            return turn().ifNoItem().after(Duration.ofNanos(left)).failWith(this::busy)
                    .flatMap(ignored -> attempt(load, deadline));
        });
    }

    private synchronized boolean tryStart() {
        if (running < slots) {
            running++;
            return true;
        }
        return false;
    }

    /** Completes when a slot may have come free; a woken waiter that finds none taken again waits again. */
    private Uni<Boolean> turn() {
        return Uni.createFrom().emitter(emitter -> {
            Waiter waiter = new Waiter(emitter, new AtomicBoolean());
            boolean queued;
            boolean full;
            synchronized (this) {
                full = running >= slots;
                queued = full && waiting.size() < queue;
                if (queued) {
                    waiting.add(waiter);
                }
            }
            if (queued) {
                emitter.onTermination(() -> forget(waiter));
            } else if (full) {
                emitter.fail(busy());
            } else {
                emitter.complete(true);
            }
        });
    }

    private synchronized void forget(Waiter waiter) {
        waiter.woken().set(true);
        waiting.remove(waiter);
    }

    private void finished() {
        Waiter next;
        synchronized (this) {
            running--;
            do {
                next = waiting.poll();
            } while (next != null && !next.woken().compareAndSet(false, true));
        }
        if (next != null) {
            next.emitter().complete(true);
        }
    }

    /** A load waiting for its turn; woken once, by a finished load or by its own end (cancelled, timed out). */
    private record Waiter(UniEmitter<? super Boolean> emitter, AtomicBoolean woken) {
    }

    private BlobStoreException busy() {
        return new BlobStoreException("this replica is loading as many read indexes as it may at once "
                + "(toolspill.inspect.max-concurrent-index-loads) and others are waiting; retry shortly", null);
    }
}
