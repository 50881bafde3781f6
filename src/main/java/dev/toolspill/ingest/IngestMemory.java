package dev.toolspill.ingest;

import dev.toolspill.config.ToolspillConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The memory all streamed bodies of this replica may hold together between their stages
 * ({@code toolspill.ingest.held-bytes}, a sixteenth of the heap when unset): the chunks on their way through redaction,
 * scanning and writing. {@code toolspill.ingest.max-concurrent} counts bodies, and a trickling body holds a few KiB, so
 * thousands fit; a hundred sending at full speed would each hold up to {@link IngestFlow#HOLD}, and ran a 256 MiB heap
 * out of memory. So when this is in use, a body reads no more (its sender waits, as TCP makes it) and sends on what it
 * holds without waiting for a full hop; it is woken to read on when others' chunks are written. A body that holds
 * nothing between its stages reads on all the same (what it reads goes on at once), so each body passes the budget by
 * at most a chunk and its redaction window, about 192 KiB, and small bodies are never held up behind large ones.
 */
@ApplicationScoped
public class IngestMemory {

    private final long total;
    private final AtomicLong held = new AtomicLong();
    private final AtomicLong peak = new AtomicLong();
    private final Queue<Runnable> waiting = new ConcurrentLinkedQueue<>();

    @Inject
    public IngestMemory(ToolspillConfig config) {
        this(config.ingest().heldBytes().orElse(Runtime.getRuntime().maxMemory() / 16));
    }

    IngestMemory(long total) {
        this.total = total;
    }

    /**
     * Whether a body may read more now. When not, {@code wake} runs once, on the thread that gave memory back, as soon
     * as some comes free (it should only schedule the body's next step); the body then asks again.
     */
    boolean roomOrWake(Runnable wake) {
        if (held.get() < total) {
            return true;
        }
        waiting.add(wake);
        if (held.get() < total) { // given back between the check and the queueing: nobody else would wake it
            wakeAll();
        }
        return false;
    }

    /** A body holds {@code delta} bytes more (or fewer, when negative). */
    void change(long delta) {
        if (delta == 0) {
            return;
        }
        long now = held.addAndGet(delta);
        if (delta > 0) {
            peak.accumulateAndGet(now, Math::max);
        } else if (now < total) {
            wakeAll();
        }
    }

    /** A share for one body. */
    Share share() {
        return new Share();
    }

    /** One body's part: what it holds, and whether it waits for room. Used on the body's own context. */
    final class Share {

        private long counted;
        private volatile boolean waiting;

        /** The body holds {@code bytes} now. */
        void holds(long bytes) {
            long delta = bytes - counted;
            counted = bytes; // before the change, which may wake others
            change(delta);
        }

        /** Whether the body may read more; if not, {@code wake} runs once when some memory comes free. */
        boolean mayRead(Runnable wake) {
            if (waiting) {
                return false;
            }
            waiting = true; // before the wake can run: it clears this
            if (roomOrWake(() -> {
                waiting = false;
                wake.run();
            })) {
                waiting = false;
                return true;
            }
            return false;
        }

        /** Waiting for room: the body sends on what it holds rather than wait for a full hop. */
        boolean waiting() {
            return waiting;
        }
    }

    /** Wakes those waiting now (a wake that finds no room waits again, for the next time). */
    private void wakeAll() {
        List<Runnable> now = new ArrayList<>();
        for (Runnable wake = waiting.poll(); wake != null; wake = waiting.poll()) {
            now.add(wake);
        }
        now.forEach(Runnable::run);
    }

    public long total() {
        return total;
    }

    /** Bytes held now by all bodies. */
    public long held() {
        return held.get();
    }

    /** The most held at once since the last call (since start-up, the first time). */
    public long takePeak() {
        return peak.getAndSet(held.get());
    }
}
