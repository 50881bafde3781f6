package dev.toolspill.ingest;

import dev.toolspill.config.ToolspillConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The memory all streamed bodies of this replica may hold together between their stages
 * ({@code toolspill.ingest.held-bytes}, a sixteenth of the heap when unset): the chunks on their way through redaction,
 * scanning and writing. {@code toolspill.ingest.max-concurrent} counts bodies, and a trickling body holds a few KiB, so
 * thousands fit; a hundred sending at full speed would each hold up to {@link IngestFlow#HOLD}, and ran a 256 MiB heap
 * out of memory. So when this is in use, a body that holds some reads no more (its sender waits, as TCP makes it) and
 * sends on what it holds without waiting for a full hop; once its stages have taken it, it holds nothing and reads on.
 * So no body waits for another (a body drives itself: nobody needs to wake it), each body passes the budget by at most
 * a chunk and its redaction window, about 192 KiB, and small bodies are never held up behind large ones.
 */
@ApplicationScoped
public class IngestMemory {

    private final long total;
    private final AtomicLong held = new AtomicLong();
    private final AtomicLong peak = new AtomicLong();

    @Inject
    public IngestMemory(ToolspillConfig config) {
        this(config.ingest().heldBytesIn(Runtime.getRuntime().maxMemory()));
    }

    IngestMemory(long total) {
        this.total = total;
    }

    /** A share for one body. */
    Share share() {
        return new Share();
    }

    /** One body's part: what it holds, and whether it found the memory in use. Used on the body's own context. */
    final class Share {

        private long counted;
        private boolean waiting;

        /** The body holds {@code bytes} now. */
        void holds(long bytes) {
            long now = held.addAndGet(bytes - counted);
            counted = bytes;
            peak.accumulateAndGet(now, Math::max);
        }

        /** Whether the body may read more: the memory is not in use. */
        boolean mayRead() {
            waiting = held.get() >= total;
            return !waiting;
        }

        /** The memory was in use when the body last asked: it sends on what it holds rather than wait for a full hop. */
        boolean waiting() {
            return waiting;
        }
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
