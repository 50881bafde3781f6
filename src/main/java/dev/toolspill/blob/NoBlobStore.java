package dev.toolspill.blob;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;

import java.time.Instant;
import java.util.Optional;

/**
 * The store of {@code toolspill.blob-store.type=none} ({@link StoreKind#NONE}): it holds nothing, so every output stays
 * inline; every read and write fails with {@link NoBlobStoreException}, which the API answers as one problem.
 */
public final class NoBlobStore implements BlobStore {

    public static final NoBlobStore INSTANCE = new NoBlobStore();

    private NoBlobStore() {
    }

    @Override
    public Uni<BlobMetadata> putRecorded(BlobId id, BlobFormat format, byte[] bytes, BlobRecord record) {
        return Uni.createFrom().failure(NoBlobStoreException::new);
    }

    @Override
    public BlobUpload upload(BlobId id, BlobFormat guess, String owner) {
        throw new NoBlobStoreException();
    }

    @Override
    public Uni<Optional<BlobRecord>> readRecord(BlobId id) {
        return Uni.createFrom().failure(NoBlobStoreException::new);
    }

    @Override
    public Uni<BlobMetadata> metadata(BlobId id) {
        return Uni.createFrom().failure(NoBlobStoreException::new);
    }

    @Override
    public Uni<byte[]> read(BlobId id, ByteRange range) {
        return Uni.createFrom().failure(NoBlobStoreException::new);
    }

    @Override
    public Multi<Buffer> stream(BlobId id, ByteRange range) {
        return Multi.createFrom().failure(NoBlobStoreException::new);
    }

    @Override
    public Uni<Void> putIndex(BlobId id, byte[] index) {
        return Uni.createFrom().failure(NoBlobStoreException::new);
    }

    @Override
    public Uni<Optional<byte[]>> readIndex(BlobId id) {
        return Uni.createFrom().item(Optional.empty());
    }

    @Override
    public Uni<Void> delete(BlobId id) {
        return Uni.createFrom().failure(NoBlobStoreException::new);
    }

    @Override
    public Multi<BlobId> idsBefore(Instant cutoff) {
        return Multi.createFrom().empty();
    }

    @Override
    public Uni<Integer> removeUnfinished(Instant cutoff) {
        return Uni.createFrom().item(0);
    }

    @Override
    public Uni<Void> checkReady() {
        return Uni.createFrom().voidItem();
    }

    @Override
    public String location() {
        return "none";
    }
}
