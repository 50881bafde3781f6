package dev.toolspill.blob.spool;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobRecord;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.blob.ForwardingBlobStore;
import dev.toolspill.blob.ForwardingBlobUpload;
import dev.toolspill.blob.fs.FsBlobStore;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.toolspill.TestVertx.VERTX;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The store keeps what callers ask it to keep, whatever state the shared store is in: callers say {@code keep}, and
 * the spool, the retries and what this replica knows of an outage are the store's business alone.
 */
class KeepingTest {

    private static final byte[] OUTPUT = "an output of a tool run here\n".repeat(100).getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    private final AtomicBoolean down = new AtomicBoolean();
    private final AtomicInteger writes = new AtomicInteger();
    private FsBlobStore shared;
    private Spool spool;
    private SpoolingBlobStore store;

    /** The shared store, which fails every write while {@link #down}; each write it is asked for is counted. */
    private final class Shared extends ForwardingBlobStore {
        Shared(BlobStore store) {
            super(store);
        }

        private <T> Uni<T> unlessDown(Uni<T> call) {
            writes.incrementAndGet();
            return down.get() ? Uni.createFrom().failure(new BlobStoreException("the store is down", null)) : call;
        }

        @Override
        public Uni<BlobMetadata> putRecorded(BlobId id, BlobFormat format, byte[] bytes, BlobRecord record) {
            return Uni.createFrom().deferred(() -> unlessDown(store.putRecorded(id, format, bytes, record)));
        }

        @Override
        public BlobUpload upload(BlobId id, BlobFormat guess, String owner) {
            return new ForwardingBlobUpload(store.upload(id, guess, owner)) {
                @Override
                public Uni<Void> write(List<Buffer> chunks) {
                    return Uni.createFrom().deferred(() -> unlessDown(upload.write(chunks)));
                }
            };
        }
    }

    @BeforeEach
    void stores() {
        shared = new FsBlobStore(dir.resolve("store"), VERTX);
        spool = new Spool(dir.resolve("spool"), 64L << 20, Duration.ofHours(1), VERTX);
        BlobStore front = new Shared(shared);
        store = new SpoolingBlobStore(front, front, spool, VERTX, new SpoolingBlobStore.Retry(2, Duration.ofMillis(1), Duration.ofSeconds(30)));
    }

    private static <T> T await(Uni<T> uni) {
        return uni.await().atMost(Duration.ofSeconds(30));
    }

    @Test
    void anOutputIsStoredWhileTheStoreAnswers() {
        BlobId id = BlobId.random();
        assertEquals(id, await(store.keep(id, BlobFormat.TEXT, OUTPUT, "acme")).id());
        assertFalse(store.heldHere(id));
        assertArrayEquals(OUTPUT, await(shared.read(id, new ByteRange(0, Long.MAX_VALUE))));
    }

    @Test
    void aStoreThatFailsIsTriedAgainThenTheOutputIsSpooledUnderItsIdAndTheNextGoesToTheSpoolAtOnce() {
        down.set(true);
        BlobId first = BlobId.random();
        assertEquals(first, await(store.keep(first, BlobFormat.TEXT, OUTPUT, "acme")).id());
        assertEquals(3, writes.get(), "one write and two retries");
        assertTrue(store.heldHere(first));
        assertTrue(spool.storeDown());
        assertArrayEquals(OUTPUT, await(store.read(first, new ByteRange(0, Long.MAX_VALUE))), "read from the spool");

        BlobId second = BlobId.random();
        await(store.keep(second, BlobFormat.TEXT, OUTPUT, "acme"));
        assertEquals(3, writes.get(), "the store known down is not asked again");
        assertTrue(store.heldHere(second));

        down.set(false);
        assertEquals(2, await(store.drainNow()));
        assertFalse(spool.storeDown());
        assertArrayEquals(OUTPUT, await(shared.read(second, new ByteRange(0, Long.MAX_VALUE))), "uploaded under the id answered");
    }

    @Test
    void aFullSpoolFailsTheKeepWithWhatToRaise() {
        spool = new Spool(dir.resolve("small"), 100, Duration.ofHours(1), VERTX);
        store = new SpoolingBlobStore(new Shared(shared), shared, spool, VERTX, SpoolingBlobStore.Retry.ONCE);
        down.set(true);
        BlobStoreException full = assertThrows(BlobStoreException.class, () -> await(store.keep(BlobId.random(), BlobFormat.TEXT, OUTPUT, "acme")));
        assertTrue(full.getMessage().contains("toolspill.spool.max-bytes = 100"), full.getMessage());
    }

    @Test
    void aWriteThatFailsAfterItsUploadWasDroppedSaysNothingOfTheStore() {
        BlobUpload dropped = store.keepUpload(BlobId.random(), BlobFormat.TEXT, "acme");
        await(dropped.write(List.of(Buffer.buffer(OUTPUT))));
        await(dropped.abort());
        assertThrows(RuntimeException.class, () -> await(dropped.write(List.of(Buffer.buffer(OUTPUT)))));
        assertFalse(spool.storeDown(), "the store answered; the upload was gone");
    }

    @Test
    void aStreamedOutputGoesToTheSpoolWhileTheStoreIsKnownDownAndAFailedWriteTellsIt() {
        BlobUpload failing = store.keepUpload(BlobId.random(), BlobFormat.TEXT, "acme");
        down.set(true);
        assertThrows(BlobStoreException.class, () -> await(failing.write(List.of(Buffer.buffer(OUTPUT)))));
        assertTrue(spool.storeDown(), "a failed write says the store is down");
        await(failing.abort());

        BlobId id = BlobId.random();
        BlobUpload kept = store.keepUpload(id, BlobFormat.TEXT, "acme");
        await(kept.write(List.of(Buffer.buffer(OUTPUT))));
        assertEquals(id, await(kept.commit(BlobFormat.TEXT)).id());
        assertTrue(store.heldHere(id), "kept in the spool from its first byte");

        BlobUpload strict = store.upload(BlobId.random(), BlobFormat.TEXT, "acme");
        assertThrows(BlobStoreException.class, () -> await(strict.write(List.of(Buffer.buffer(OUTPUT)))), "an upload its sender holds is never spooled");
    }
}
