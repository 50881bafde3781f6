package dev.toolspill.blob.spool;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobRecord;
import dev.toolspill.blob.BlobUpload;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/** A streamed blob written to the spool: it counts against the spool's bytes as it grows, and is held once committed. */
final class SpoolUpload implements BlobUpload {

    private final BlobUpload file;
    private final Spool spool;
    private final AtomicLong reserved = new AtomicLong();
    private final AtomicBoolean done = new AtomicBoolean();

    SpoolUpload(BlobUpload file, Spool spool) {
        this.file = file;
        this.spool = spool;
    }

    @Override
    public Uni<Void> write(Buffer chunk) {
        return write(List.of(chunk));
    }

    @Override
    public Uni<Void> write(List<Buffer> chunks) {
        if (done.get()) {
            return Uni.createFrom().failure(new IllegalStateException("this upload is finished: it takes no more bytes"));
        }
        long bytes = BlobUpload.length(chunks);
        if (!spool.reserve(bytes)) {
            return Uni.createFrom().failure(new IOException("the spool is full (toolspill.spool.max-bytes = " + spool.maxBytes() + ")"));
        }
        reserved.addAndGet(bytes);
        return file.write(chunks);
    }

    @Override
    public Uni<BlobMetadata> commit(BlobFormat format) {
        return file.commit(format).invoke(meta -> {
            if (done.compareAndSet(false, true)) {
                spool.committed(meta);
            }
        });
    }

    @Override
    public BlobRecord record() {
        return file.record();
    }

    @Override
    public Uni<Void> abort() {
        return file.abort().invoke(() -> {
            if (done.compareAndSet(false, true)) {
                spool.release(reserved.get());
            }
        });
    }
}
