package dev.toolspill.ingest;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.spool.Spool;
import dev.toolspill.config.ToolspillConfig;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.WorkerExecutor;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;
import java.time.Duration;

/**
 * The threads that write streamed uploads to the store: a Vert.x worker executor of
 * {@code toolspill.ingest.writer-threads}, apart from the request workers (a request that waits for a writer must
 * never wait for its own pool), shared by every upload and closed at shutdown.
 */
@Startup // settings it cannot honour fail start-up, not the first upload
@ApplicationScoped
public class UploadWriters {

    private final BlobStore store;
    private final WorkerExecutor executor;
    private final Duration stallTimeout;

    public UploadWriters(BlobStore store, Vertx vertx, ToolspillConfig config) {
        this.store = store;
        if (config.ingest().writerThreads() < 1) {
            throw new IllegalArgumentException("toolspill.ingest.writer-threads=" + config.ingest().writerThreads()
                    + " would write no upload: set it to 1 or more");
        }
        this.executor = vertx.createSharedWorkerExecutor("toolspill-upload-writer", config.ingest().writerThreads());
        this.stallTimeout = config.blobStore().timeout();
    }

    /** Starts writing a blob owned by {@code owner} (null: nobody); call from the thread that reads the body. */
    public UploadWriter start(BlobId id, BlobFormat guess, String owner) throws IOException {
        return new UploadWriter(store.upload(id, guess, owner), executor, stallTimeout);
    }

    /** Starts writing a blob to this replica's spool instead (the store is down); it fails once the spool is full. */
    public UploadWriter startSpooled(Spool spool, BlobId id, BlobFormat guess, String owner) throws IOException {
        return new UploadWriter(spool.upload(id, guess, owner), executor, stallTimeout);
    }

    public String location() {
        return store.location();
    }

    @PreDestroy
    void close() {
        executor.closeAndForget();
    }
}
