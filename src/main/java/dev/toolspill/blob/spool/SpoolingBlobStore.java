package dev.toolspill.blob.spool;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobRecord;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.blob.ForwardingBlobUpload;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.blob.ForwardingBlobStore;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The shared store, with this replica's {@link Spool} in front: a blob the spool holds (not yet uploaded) is read from
 * the spool, any other from the shared store. Writes go to the shared store; outputs of tools this replica ran
 * ({@link #keep}, {@link #keepUpload}) go to the spool instead while the store is down, under the same id, so their
 * summary never changes. Each write's outcome tells the spool whether the store is answering, so that while it is down
 * an output is spooled at once instead of after a store deadline.
 */
public final class SpoolingBlobStore extends ForwardingBlobStore {

    /** How a {@link #keep} tries the shared store again before it spools: {@code attempts} more, backing off from {@code backoff}. */
    public record Retry(int attempts, Duration backoff, Duration within) {
        /** No second try, within a minute: for tests. */
        public static final Retry ONCE = new Retry(0, Duration.ofMillis(100), Duration.ofMinutes(1));
    }

    private final Spool spool;
    private final SpoolDrainer drainer;
    private final io.vertx.mutiny.core.Vertx vertx;
    private final Retry retry;

    public SpoolingBlobStore(BlobStore store, Spool spool, io.vertx.mutiny.core.Vertx vertx) {
        this(store, store, spool, vertx, Retry.ONCE);
    }

    /**
     * As above, the spool uploading to {@code drainTo}: the shared store without deduplication, since an output spooled
     * was answered with its own id, which its upload must keep.
     */
    public SpoolingBlobStore(BlobStore store, BlobStore drainTo, Spool spool, io.vertx.mutiny.core.Vertx vertx, Retry retry) {
        super(store);
        this.retry = retry;
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

    /** {@code call}, its outcome noted as the store's answer; a failure only while {@code counts} says it is the store's. */
    private <T> Uni<T> noted(Uni<T> call, java.util.function.BooleanSupplier counts) {
        return call.invoke(() -> spool.storeAnswered(true)).onFailure(failure -> counts.getAsBoolean()).invoke(() -> spool.storeAnswered(false));
    }

    @Override
    public Uni<BlobMetadata> putRecorded(BlobId id, BlobFormat format, byte[] bytes, BlobRecord record) {
        return noted(store.putRecorded(id, format, bytes, record), () -> true);
    }

    /**
     * Into the shared store, each write's and the commit's outcome noted; a call that fails once its upload was dropped
     * (a client gone, a body refused) says nothing of the store.
     */
    @Override
    public BlobUpload upload(BlobId id, BlobFormat guess, String owner) {
        return new ForwardingBlobUpload(store.upload(id, guess, owner)) {
            private volatile boolean dropped;

            @Override
            public Uni<Void> write(Buffer chunk) {
                return noted(upload.write(chunk), () -> !dropped);
            }

            @Override
            public Uni<Void> write(List<Buffer> chunks) {
                return noted(upload.write(chunks), () -> !dropped);
            }

            @Override
            public Uni<BlobMetadata> commit(BlobFormat format) {
                return noted(upload.commit(format), () -> !dropped);
            }

            @Override
            public Uni<Void> abort() {
                dropped = true;
                return upload.abort();
            }
        };
    }

    /**
     * Tried again a few times, backing off, within one deadline (retries included); then, or at once while the store
     * is known down, kept in the spool. Fails when the spool is full too.
     */
    @Override
    public Uni<BlobMetadata> keep(BlobId id, BlobFormat format, byte[] bytes, String owner) {
        if (spool.storeDown()) {
            return spool(id, format, bytes, owner);
        }
        Uni<BlobMetadata> attempt = put(id, format, bytes, owner);
        if (retry.attempts() > 0) {
            attempt = attempt.onFailure().retry().withBackOff(retry.backoff(), retry.backoff().multipliedBy(10)).atMost(retry.attempts());
        }
        return attempt.ifNoItem().after(retry.within()).fail().onFailure().recoverWithUni(failure -> {
            spool.storeAnswered(false);
            Log.warnf("Could not store an output (%d bytes) in %s: %s; spooling it", bytes.length, store.location(), failure.toString());
            return spool(id, format, bytes, owner);
        });
    }

    private Uni<BlobMetadata> spool(BlobId id, BlobFormat format, byte[] bytes, String owner) {
        return spool.put(id, format, bytes, owner).map(kept -> kept.orElseThrow(() -> new BlobStoreException(
                "the spool is full (toolspill.spool.max-bytes = " + spool.maxBytes() + ")", null)));
    }

    /** Into the spool from the first byte while the store is known down; else into the store, each write's outcome noted. */
    @Override
    public BlobUpload keepUpload(BlobId id, BlobFormat guess, String owner) {
        return spool.storeDown() ? spool.upload(id, guess, owner) : upload(id, guess, owner);
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
