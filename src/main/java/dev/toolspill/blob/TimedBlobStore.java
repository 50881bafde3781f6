package dev.toolspill.blob;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * A store whose every call answers within a deadline, whatever the backend does: a call (or a stream's next chunk, or
 * an upload's write) that takes longer fails with {@link BlobStoreException}, and what it started is cancelled. An
 * upload's commit has one deadline plus one per {@link #COMMIT_STEP_BYTES} written (an S3 multipart completion takes
 * time with the size). A hung bucket or disk
 * thus costs a request one deadline, never a thread forever. A listing ({@link #idsBefore}) is not timed as a whole:
 * each of its pages is bounded by the backend (S3's call timeouts, a directory read).
 */
final class TimedBlobStore extends ForwardingBlobStore {

    static final long COMMIT_STEP_BYTES = 128L * 1024 * 1024;

    private final Duration deadline;

    TimedBlobStore(BlobStore store, Duration deadline) {
        super(store);
        this.deadline = deadline;
    }

    private <T> Uni<T> timed(Uni<T> call) {
        return call.ifNoItem().after(deadline).failWith(this::late);
    }

    private BlobStoreException late() {
        return new BlobStoreException("the blob store did not answer within " + deadline.toSeconds() + " s", null);
    }

    @Override
    public Uni<BlobMetadata> putRecorded(BlobId id, BlobFormat format, byte[] bytes, BlobRecord record) {
        return timed(store.putRecorded(id, format, bytes, record));
    }

    @Override
    public BlobUpload upload(BlobId id, BlobFormat guess, String owner) {
        return new ForwardingBlobUpload(store.upload(id, guess, owner)) {
            private long written;

            @Override
            public Uni<Void> write(Buffer chunk) {
                return timed(upload.write(chunk)).invoke(() -> written += chunk.length());
            }

            @Override
            public Uni<Void> write(java.util.List<Buffer> chunks) {
                long length = BlobUpload.length(chunks);
                return timed(upload.write(chunks)).invoke(() -> written += length);
            }

            @Override
            public Uni<BlobMetadata> commit(BlobFormat format) {
                Duration within = deadline.multipliedBy(1 + written / COMMIT_STEP_BYTES);
                return upload.commit(format).ifNoItem().after(within)
                        .failWith(() -> new BlobStoreException("the blob store did not answer within " + within.toSeconds() + " s", null));
            }
        };
    }

    @Override
    public Uni<Optional<BlobRecord>> readRecord(BlobId id) {
        return timed(store.readRecord(id));
    }

    @Override
    public Uni<BlobMetadata> metadata(BlobId id) {
        return timed(store.metadata(id));
    }

    @Override
    public Uni<byte[]> read(BlobId id, ByteRange range) {
        return timed(store.read(id, range));
    }

    @Override
    public Multi<Buffer> stream(BlobId id, ByteRange range) {
        return store.stream(id, range).ifNoItem().after(deadline).failWith(this::late);
    }

    @Override
    public Multi<Buffer> streamInBulk(BlobId id, ByteRange range) {
        return store.streamInBulk(id, range).ifNoItem().after(deadline).failWith(this::late);
    }

    @Override
    public Uni<Void> putIndex(BlobId id, byte[] index) {
        return timed(store.putIndex(id, index));
    }

    @Override
    public Uni<Optional<byte[]>> readIndex(BlobId id) {
        return timed(store.readIndex(id));
    }

    @Override
    public Uni<Void> delete(BlobId id) {
        return timed(store.delete(id));
    }

    @Override
    public Uni<Integer> removeUnfinished(Instant cutoff) {
        return timed(store.removeUnfinished(cutoff));
    }

    @Override
    public Uni<Optional<StoredKey>> createKey(String name, byte[] value) {
        return timed(store.createKey(name, value));
    }

    @Override
    public Uni<Boolean> replaceKey(String name, byte[] value, StoredKey found) {
        return timed(store.replaceKey(name, value, found));
    }

    @Override
    public Uni<Optional<StoredKey>> readKey(String name) {
        return timed(store.readKey(name));
    }

    @Override
    public Uni<Void> deleteKey(String name) {
        return timed(store.deleteKey(name));
    }

    @Override
    public Uni<Void> checkReady() {
        return timed(store.checkReady());
    }
}
