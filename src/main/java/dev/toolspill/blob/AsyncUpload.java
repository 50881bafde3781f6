package dev.toolspill.blob;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;

/**
 * Writes an upload on a thread of its own, so the thread that reads and scans a body never waits
 * for the disk or the network: chunks are handed over through a short queue (which is also the
 * back-pressure). A chunk handed to {@link #write} belongs to the upload; the caller must not reuse it.
 */
public final class AsyncUpload implements BlobUpload {

    private static final int QUEUE = 8;
    /** How long a writer may make no progress before the upload fails (a stuck disk or bucket). */
    private static final long STALL_MILLIS = 120_000;

    /** Writers get threads of their own: borrowing the request workers could leave none to write with. */
    public static final java.util.concurrent.ExecutorService WRITERS = java.util.concurrent.Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "toolspill-upload-writer");
        thread.setDaemon(true);
        return thread;
    });
    private static final Chunk END = new Chunk(new byte[0], 0, 0);

    private record Chunk(byte[] bytes, int offset, int length) {
    }

    private final BlobUpload delegate;
    private final BlockingQueue<Chunk> queue = new ArrayBlockingQueue<>(QUEUE);
    private final CompletableFuture<Void> writer = new CompletableFuture<>();
    private volatile boolean aborted;

    public AsyncUpload(BlobUpload delegate, Executor executor) {
        this.delegate = delegate;
        executor.execute(this::drain);
    }

    private void drain() {
        try {
            Chunk chunk;
            while ((chunk = queue.take()) != END) {
                if (!aborted) {
                    delegate.write(chunk.bytes(), chunk.offset(), chunk.length());
                }
            }
            writer.complete(null);
        } catch (IOException | RuntimeException | Error e) {
            writer.completeExceptionally(e);
            queue.clear();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            writer.completeExceptionally(e);
        }
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        long deadline = System.currentTimeMillis() + STALL_MILLIS;
        while (true) {
            if (writer.isDone()) {
                await(); // throws the writer's failure
                throw new IOException("the upload writer has stopped");
            }
            try {
                if (queue.offer(new Chunk(bytes, offset, length), 100, java.util.concurrent.TimeUnit.MILLISECONDS)) {
                    return;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while storing");
            }
            if (System.currentTimeMillis() > deadline) {
                throw new IOException("the store took no data for " + STALL_MILLIS / 1000 + " s");
            }
        }
    }

    @Override
    public BlobInfo commit(BlobKind kind, long count) throws IOException {
        finish();
        await();
        return delegate.commit(kind, count);
    }

    @Override
    public void abort() {
        aborted = true;
        queue.clear();
        finish();
        try {
            await();
        } catch (IOException ignored) {
            // aborting anyway
        }
        delegate.abort();
    }

    private void finish() {
        try {
            while (!writer.isDone() && !queue.offer(END, 100, java.util.concurrent.TimeUnit.MILLISECONDS)) {
                // the writer is busy: wait for room, or for it to stop
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void await() throws IOException {
        try {
            writer.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IOException("storing failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while storing");
        }
    }
}
