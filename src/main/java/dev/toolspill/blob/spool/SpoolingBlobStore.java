package dev.toolspill.blob.spool;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobRecord;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.blob.ForwardingBlobStore;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The shared store, with this replica's {@link Spool} in front for reads: a blob the spool holds (not yet uploaded)
 * is read from the spool, any other from the shared store. Writes always go to the shared store; only the paths that
 * may spool (outputs of tools this replica ran) call the spool themselves. Each write's outcome tells the spool
 * whether the store is answering.
 */
public final class SpoolingBlobStore extends ForwardingBlobStore {

    private final Spool spool;
    private final SpoolDrainer drainer;
    private final io.vertx.mutiny.core.Vertx vertx;

    public SpoolingBlobStore(BlobStore store, Spool spool, io.vertx.mutiny.core.Vertx vertx) {
        this(store, store, spool, vertx);
    }

    /**
     * As above, the spool uploading to {@code drainTo}: the shared store without deduplication, since an output spooled
     * was answered with its own id, which its upload must keep.
     */
    public SpoolingBlobStore(BlobStore store, BlobStore drainTo, Spool spool, io.vertx.mutiny.core.Vertx vertx) {
        super(store);
        this.spool = spool;
        this.vertx = vertx;
        this.drainer = new SpoolDrainer(spool, drainTo, vertx);
    }

    /** Picks up what an earlier run spooled, then checks the store and drains the spool every retry interval. */
    public void startDraining() {
        spool.load().subscribe().with(found -> {
            if (found > 0) {
                Log.infof("Spool: %d blobs (%d bytes) left by an earlier run wait for upload", found, spool.bytes());
            }
        }, failure -> Log.warnf("Spool: could not read what an earlier run left: %s", failure.getMessage()));
        long every = Math.max(1, spool.retryInterval().toMillis());
        vertx.setPeriodic(every, every, timer -> drainer.drain().subscribe().with(n -> { }, failure -> { }));
    }

    /** One drain pass now (tests, and the first check after start-up); answers how many blobs were uploaded. */
    public Uni<Integer> drainNow() {
        return drainer.drain();
    }

    private BlobStore of(BlobId id) {
        return spool.holds(id) ? spool.files() : store;
    }

    private <T> Uni<T> noted(Uni<T> write) {
        return write.invoke(() -> spool.storeAnswered(true)).onFailure().invoke(() -> spool.storeAnswered(false));
    }

    @Override
    public Uni<BlobMetadata> putRecorded(BlobId id, BlobFormat format, byte[] bytes, BlobRecord record) {
        return noted(store.putRecorded(id, format, bytes, record));
    }

    @Override
    public boolean heldHere(BlobId id) {
        return spool.holds(id);
    }

    @Override
    public Uni<Optional<BlobRecord>> readRecord(BlobId id) {
        return of(id).readRecord(id);
    }

    @Override
    public Uni<BlobMetadata> metadata(BlobId id) {
        return of(id).metadata(id);
    }

    @Override
    public Uni<byte[]> read(BlobId id, ByteRange range) {
        return of(id).read(id, range);
    }

    @Override
    public Multi<Buffer> stream(BlobId id, ByteRange range) {
        return of(id).stream(id, range);
    }

    @Override
    public Multi<Buffer> streamInBulk(BlobId id, ByteRange range) {
        return of(id).streamInBulk(id, range);
    }

    @Override
    public Optional<Path> localFile(BlobMetadata blob) {
        return of(blob.id()).localFile(blob);
    }

    @Override
    public Uni<Void> putIndex(BlobId id, byte[] index) {
        return spool.holds(id) ? spool.files().putIndex(id, index) : store.putIndex(id, index);
    }

    @Override
    public Uni<Optional<byte[]>> readIndex(BlobId id) {
        return of(id).readIndex(id);
    }

    /** Removed from the spool too, so a removed blob is never uploaded after its removal. */
    @Override
    public Uni<Void> delete(BlobId id) {
        if (spool.holds(id)) {
            return spool.remove(id).chain(() -> store.delete(id).onFailure().recoverWithNull());
        }
        return store.delete(id);
    }
}
