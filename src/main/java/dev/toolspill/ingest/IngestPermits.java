package dev.toolspill.ingest;

import dev.toolspill.config.ToolspillConfig;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.Optional;
import java.util.concurrent.Semaphore;

/**
 * How many bodies this replica reads at once ({@code toolspill.ingest.max-concurrent}): each holds a thread, a
 * file or upload, and buffers for as long as its client sends. Past it, a request is refused before its body is read.
 */
@Startup // a budget it cannot honour fails start-up, not the first upload
@ApplicationScoped
public class IngestPermits {

    private final Semaphore permits;
    private final int max;

    public IngestPermits(ToolspillConfig config,
                         @ConfigProperty(name = "quarkus.thread-pool.max-threads") Optional<Integer> workerThreads) {
        this.max = config.ingest().maxConcurrent();
        if (max < 1) {
            throw new IllegalArgumentException("toolspill.ingest.max-concurrent=" + max + " would take no output: set it to 1 or more");
        }
        fitsWorkers(max, workerThreads.orElse(Math.max(8 * Runtime.getRuntime().availableProcessors(), 200))); // Quarkus' default
        this.permits = new Semaphore(max);
    }

    /**
     * Fails when {@code max} admitted bodies could hold every worker thread: each holds one while it waits for the store,
     * and the store's answers (the S3 client's completions) need a free worker to arrive, so with all of them held every
     * upload would stall until the store deadline. At most three quarters of the workers may be held.
     */
    static void fitsWorkers(int max, int workers) {
        if (max > workers * 3 / 4) {
            throw new IllegalArgumentException("toolspill.ingest.max-concurrent=" + max + " is more than three quarters of the " + workers
                    + " worker threads (quarkus.thread-pool.max-threads): every body being read holds one while it waits for the "
                    + "store, whose answers need free workers to arrive, so with all of them held every upload would stall until "
                    + "the store deadline. Lower it, or raise quarkus.thread-pool.max-threads to at least " + ((max * 4 + 2) / 3));
        }
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
}
