package dev.toolspill.blob;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;

import java.util.concurrent.Callable;
import java.util.concurrent.Executor;

/**
 * The worker threads that streamed uploads do their blocking and CPU work on (file writes, fsync, hashing, scanning):
 * one Vert.x shared worker executor, {@value #NAME}, of {@code toolspill.ingest.writer-threads}, whoever asks for it
 * first sizing it. Bounded, so a thousand uploads at once queue short hops on a few threads instead of growing
 * Quarkus' request worker pool; never the event loop.
 */
public final class UploadHops {

    public static final String NAME = "toolspill-upload";
    /** Threads when nobody configured them (stores built by hand). */
    public static final int DEFAULT_THREADS = 8;

    private final Executor executor;

    private UploadHops(Executor executor) {
        this.executor = executor;
    }

    /** The shared executor of {@code vertx}; created with {@code threads} by the first caller, shared after. */
    public static UploadHops shared(Vertx vertx, int threads) {
        io.vertx.core.WorkerExecutor worker = vertx.getDelegate().createSharedWorkerExecutor(NAME, threads);
        return new UploadHops(task -> worker.executeBlocking(() -> {
            task.run();
            return null;
        }, false));
    }

    /** Hops on any executor (tests, and stores built without Vert.x). */
    public static UploadHops on(Executor executor) {
        return new UploadHops(executor);
    }

    /** Runs {@code work} on a worker thread; the answer arrives on that thread. */
    public <T> Uni<T> call(Callable<T> work) {
        return Uni.createFrom().<T>emitter(emitter -> {
            try {
                emitter.complete(work.call());
            } catch (Exception e) {
                emitter.fail(e); // an IOException stays one: callers tell a full disk from a refusal by it
            }
        }).runSubscriptionOn(executor);
    }

    /** As {@link #call}, for work without an answer. */
    public Uni<Void> run(Step step) {
        return call(() -> {
            step.run();
            return null;
        });
    }

    /** A step that may throw. */
    public interface Step {
        void run() throws Exception;
    }
}
