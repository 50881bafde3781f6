package dev.toolspill.blob;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;

import java.util.List;
import java.util.Optional;

/**
 * A {@link BlobUpload} that passes every call to the one it wraps: how a layer of the store (metering, deduplication, a
 * step after the commit) changes the calls it cares about and no others. Batches of chunks pass on as batches.
 */
public abstract class ForwardingBlobUpload implements BlobUpload {
    protected final BlobUpload upload;

    protected ForwardingBlobUpload(BlobUpload upload) {
        this.upload = upload;
    }

    @Override
    public Uni<Void> write(Buffer chunk) {
        return upload.write(chunk);
    }

    @Override
    public Uni<Void> write(List<Buffer> chunks) {
        return upload.write(chunks);
    }

    @Override
    public Uni<BlobMetadata> commit(BlobFormat format) {
        return upload.commit(format);
    }

    @Override
    public BlobRecord record() {
        return upload.record();
    }

    @Override
    public Uni<Optional<BlobRecord>> recordSoFar() {
        return upload.recordSoFar();
    }

    @Override
    public Uni<Void> abort() {
        return upload.abort();
    }
}
