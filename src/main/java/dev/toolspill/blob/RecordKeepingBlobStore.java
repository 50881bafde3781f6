package dev.toolspill.blob;

import io.smallrye.mutiny.Uni;

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
        return BlobUpload.thenOnCommit(store.upload(id, guess, owner), (made, record) -> {
            known.remember(id, record);
            return Uni.createFrom().item(made);
        });
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
