package dev.toolspill.ingest;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobUpload;
import io.vertx.mutiny.core.WorkerExecutor;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Writes one upload on the writer threads, so the thread that reads and scans a body never waits for the disk or
 * the network while there is body to read. Chunks are written in order, one after another; at most {@value #QUEUED}
 * wait, which is also the back-pressure on the reader. Like the {@link BlobUpload} it wraps, it is a blocking API for
 * the thread that reads the body: each wait is bounded by the stall timeout. A chunk handed to {@link #write} belongs
 * to the upload: the caller must not reuse it.
 */
public final class UploadWriter {

    static final int QUEUED = 4;

    private final BlobUpload upload;
    private final WorkerExecutor executor;
    private final Duration stallTimeout;
    private final Semaphore room = new Semaphore(QUEUED);
    private CompletableFuture<Void> last = CompletableFuture.completedFuture(null);
    private long written;

    UploadWriter(BlobUpload upload, WorkerExecutor executor, Duration stallTimeout) {
        this.upload = upload;
        this.executor = executor;
        this.stallTimeout = stallTimeout;
    }

    /** Queues a chunk; waits while {@value #QUEUED} are queued, and fails if the store took none for the stall timeout. */
    public void write(byte[] bytes, int offset, int length) throws IOException {
        if (last.isCompletedExceptionally()) {
            wait(last);
        }
        try {
            if (!room.tryAcquire(stallTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IOException("the store took no data for " + stallTimeout.toSeconds() + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while storing");
        }
        written += length;
        last = this.<Void>then(() -> {
            upload.write(bytes, offset, length);
            return null;
        }).whenComplete((ok, failure) -> room.release());
    }

    /**
     * Makes the blob visible once every queued chunk is written. A store may need time in proportion to the size to
     * finish (an S3 multipart completion copies or links every part), so this waits one store deadline, plus one for
     * every {@value #COMMIT_STEP_BYTES} bytes written.
     */
    public BlobMetadata commit(BlobFormat format) throws IOException {
        CompletableFuture<BlobMetadata> committing = then(() -> upload.commit(format));
        last = committing.thenApply(ignored -> null); // an abort after a commit that timed out waits for it to end
        return wait(committing, stallTimeout.multipliedBy(1 + written / COMMIT_STEP_BYTES));
    }

    static final long COMMIT_STEP_BYTES = 128L * 1024 * 1024;

    /** Drops the upload once the writer is done with what was queued; waits at most the store deadline for it. */
    public void abort() {
        try {
            wait(abortLater());
        } catch (IOException e) {
            // the bucket's lifecycle rule or the temp sweep removes what could not be removed now
        }
    }

    /** Drops the upload once the writer is done with what was queued, without waiting: for a store that already failed. */
    public CompletableFuture<Void> abortLater() {
        return last.handle((ok, failure) -> null).thenCompose(ignored -> run(() -> {
            upload.abort();
            return null;
        }));
    }

    private <T> CompletableFuture<T> then(Callable<T> step) {
        return last.thenCompose(ignored -> run(step));
    }

    private <T> CompletableFuture<T> run(Callable<T> step) {
        return executor.executeBlocking(step, false).subscribeAsCompletionStage();
    }

    private <T> T wait(CompletableFuture<T> step) throws IOException {
        return wait(step, stallTimeout);
    }

    private <T> T wait(CompletableFuture<T> step, Duration deadline) throws IOException {
        try {
            return step.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException("storing failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            // not cancelled: the store call goes on to its own deadline, and an abort queued after it waits for its end
            throw new IOException("the store did not answer within " + deadline.toSeconds() + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while storing");
        }
    }
}
