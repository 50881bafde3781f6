package dev.toolspill.blob;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/** A store that hands every call to another: what wraps a store overrides only the calls it changes. */
public abstract class ForwardingBlobStore implements BlobStore {

    protected final BlobStore store;

    protected ForwardingBlobStore(BlobStore store) {
        this.store = store;
    }

    @Override
    public Uni<BlobMetadata> putRecorded(BlobId id, BlobFormat format, byte[] bytes, BlobRecord record) {
        return store.putRecorded(id, format, bytes, record);
    }

    @Override
    public BlobUpload upload(BlobId id, BlobFormat guess, String owner) {
        return store.upload(id, guess, owner);
    }

    @Override
    public Uni<Optional<BlobRecord>> readRecord(BlobId id) {
        return store.readRecord(id);
    }

    @Override
    public Uni<BlobMetadata> metadata(BlobId id) {
        return store.metadata(id);
    }

    @Override
    public Uni<byte[]> read(BlobId id, ByteRange range) {
        return store.read(id, range);
    }

    @Override
    public Multi<Buffer> stream(BlobId id, ByteRange range) {
        return store.stream(id, range);
    }

    @Override
    public Multi<Buffer> streamInBulk(BlobId id, ByteRange range) {
        return store.streamInBulk(id, range);
    }

    @Override
    public Optional<Path> localFile(BlobMetadata blob) {
        return store.localFile(blob);
    }

    @Override
    public boolean heldHere(BlobId id) {
        return store.heldHere(id);
    }

    @Override
    public Uni<Void> putIndex(BlobId id, byte[] index) {
        return store.putIndex(id, index);
    }

    @Override
    public Uni<Optional<byte[]>> readIndex(BlobId id) {
        return store.readIndex(id);
    }

    @Override
    public Uni<Void> delete(BlobId id) {
        return store.delete(id);
    }

    @Override
    public Multi<BlobId> idsBefore(Instant cutoff) {
        return store.idsBefore(cutoff);
    }

    @Override
    public Uni<Integer> removeUnfinished(Instant cutoff) {
        return store.removeUnfinished(cutoff);
    }

    @Override
    public Uni<Void> prepare() {
        return store.prepare();
    }

    @Override
    public Uni<Void> checkReady() {
        return store.checkReady();
    }

    @Override
    public Uni<Optional<StoredKey>> createKey(String name, byte[] value) {
        return store.createKey(name, value);
    }

    @Override
    public Uni<Boolean> replaceKey(String name, byte[] value, StoredKey found) {
        return store.replaceKey(name, value, found);
    }

    @Override
    public Uni<Optional<StoredKey>> readKey(String name) {
        return store.readKey(name);
    }

    @Override
    public Uni<Void> deleteKey(String name) {
        return store.deleteKey(name);
    }

    @Override
    public String location() {
        return store.location();
    }
}
