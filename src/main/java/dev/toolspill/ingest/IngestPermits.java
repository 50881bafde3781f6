package dev.toolspill.ingest;

import dev.toolspill.config.ToolspillConfig;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.concurrent.Semaphore;

/**
 * How many bodies this replica reads at once ({@code toolspill.ingest.max-concurrent}). A body being read holds no
 * thread: it holds memory, at most {@link IngestFlow#HOLD} bytes of chunks on their way through scanning and writing
 * (far less for a client that trickles), its first bytes for the limit, a scanner and a file or an upload. So this is
 * a memory budget, sized from the heap (src/docs/design.md, Bounds). Past it, a request is refused before its body is read.
 */
@Startup // a budget it cannot honour fails start-up, not the first upload
@ApplicationScoped
public class IngestPermits {

    private final Semaphore permits;
    private final int max;

    public IngestPermits(ToolspillConfig config) {
        this.max = config.ingest().maxConcurrent();
        this.permits = new Semaphore(max);
    }

    /** A permit, or false when {@link #max()} bodies are being read already. */
    public boolean tryAcquire() {
        return permits.tryAcquire();
    }

    public void release() {
        permits.release();
    }

    public int max() {
        return max;
    }

    /** Permits free now. */
    public int available() {
        return permits.availablePermits();
    }
}
