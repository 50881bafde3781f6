package dev.toolspill.ingest;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobUpload;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.WorkerExecutor;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Writes one upload on the writer threads, so the thread that reads and scans a body never waits for the disk or
 * the network. Chunks are written in order, one after another; at most {@value #QUEUED} wait, which is also the
 * back-pressure on the reader. A chunk handed to {@link #write} belongs to the upload: the caller must not reuse it.
 */
public final class UploadWriter {

    static final int QUEUED = 8;

    private final BlobUpload upload;
    private final WorkerExecutor executor;
    private final Duration stallTimeout;
    private final Semaphore room = new Semaphore(QUEUED);
    private CompletableFuture<Void> last = CompletableFuture.completedFuture(null);

    UploadWriter(BlobUpload upload, WorkerExecutor executor, Duration stallTimeout) {
        this.upload = upload;
        this.executor = executor;
        this.stallTimeout = stallTimeout;
    }

    /** Queues a chunk; waits while {@value #QUEUED} are queued, and fails if the store took none for the stall timeout. */
    public void write(byte[] bytes, int offset, int length) throws IOException {
        if (last.isCompletedExceptionally()) {
            throw failure();
        }
        try {
            if (!room.tryAcquire(stallTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IOException("the store took no data for " + stallTimeout.toSeconds() + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while storing");
        }
        last = this.<Void>then(() -> {
            upload.write(bytes, offset, length);
            return null;
        }).whenComplete((ok, failure) -> room.release());
    }

    /** Makes the blob visible once every queued chunk is written. */
    public Uni<BlobMetadata> commit(BlobFormat format) {
        return Uni.createFrom().completionStage(then(() -> upload.commit(format)))
                .onFailure(CompletionException.class).transform(Throwable::getCause);
    }

    /** Drops the upload once the writer is done with what was queued. */
    public Uni<Void> abort() {
        CompletableFuture<Void> aborted = last.handle((ok, failure) -> null)
                .thenCompose(ignored -> executor.executeBlocking(() -> {
                    upload.abort();
                    return (Void) null;
                }, false).subscribeAsCompletionStage());
        return Uni.createFrom().completionStage(aborted);
    }

    private <T> CompletableFuture<T> then(java.util.concurrent.Callable<T> step) {
        return last.thenCompose(ignored -> executor.executeBlocking(step, false).subscribeAsCompletionStage());
    }

    private IOException failure() {
        try {
            last.join();
            return new IOException("the upload writer has stopped");
        } catch (CompletionException e) {
            return e.getCause() instanceof IOException io ? io : new IOException("storing failed: " + e.getCause(), e.getCause());
        }
    }
}
