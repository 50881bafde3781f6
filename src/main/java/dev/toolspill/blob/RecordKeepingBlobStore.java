package dev.toolspill.blob;

import io.smallrye.mutiny.Uni;

import io.vertx.mutiny.core.buffer.Buffer;
import java.util.Optional;

/**
 * A store that tells {@link KnownRecords} the record of every blob written through it (once the blob is visible)
 * and of every record read from it, and forgets a blob's record when the blob is removed.
 */
final class RecordKeepingBlobStore extends ForwardingBlobStore {

    private final KnownRecords known;

    RecordKeepingBlobStore(BlobStore store, KnownRecords known) {
        super(store);
        this.known = known;
    }

    @Override
    public Uni<BlobMetadata> putRecorded(BlobId id, BlobFormat format, byte[] bytes, BlobRecord record) {
        return store.putRecorded(id, format, bytes, record).invoke(() -> known.remember(id, record));
    }

    @Override
    public BlobUpload upload(BlobId id, BlobFormat guess, String owner) {
        BlobUpload upload = store.upload(id, guess, owner);
        return new BlobUpload() {
            @Override
            public Uni<Void> write(Buffer chunk) {
                return upload.write(chunk);
            }

            @Override
            public Uni<BlobMetadata> commit(BlobFormat format) {
                return upload.commit(format).invoke(() -> known.remember(id, upload.record()));
            }

            @Override
            public BlobRecord record() {
                return upload.record();
            }

            @Override
            public Uni<Void> abort() {
                return upload.abort();
            }
        };
    }

    @Override
    public Uni<Optional<BlobRecord>> readRecord(BlobId id) {
        return store.readRecord(id).invoke(found -> found.ifPresent(record -> known.remember(id, record)));
    }

    @Override
    public Uni<Void> delete(BlobId id) {
        return store.delete(id).onTermination().invoke(() -> known.forget(id));
    }
}
