package dev.toolspill.blob;

import dev.toolspill.blob.fs.FsBlobStore;
import dev.toolspill.tenant.Caller;
import io.smallrye.mutiny.Uni;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.toolspill.TestVertx.VERTX;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Another tenant's blob is refused exactly as an unknown id is, down to the work done for it. */
class BlobAccessTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path root;

    private final AtomicInteger recordReads = new AtomicInteger();

    /** The filesystem store, counting the records read from it. */
    private BlobStore counted(FsBlobStore fs) {
        return (BlobStore) Proxy.newProxyInstance(BlobStore.class.getClassLoader(), new Class<?>[] {BlobStore.class}, (proxy, method, args) -> {
            if (method.getName().equals("readRecord")) {
                recordReads.incrementAndGet();
            }
            return method.invoke(fs, args);
        });
    }

    @Test
    void anOutputWrittenHereIsReadByItsOwnerWithoutAskingTheStoreWhoseItIs() {
        KnownRecords known = new KnownRecords(100);
        BlobStore store = new RecordKeepingBlobStore(counted(new FsBlobStore(root, VERTX)), known);
        BlobAccess access = new BlobAccess(store, known);
        BlobId put = BlobId.random();
        store.put(put, BlobFormat.TEXT, "put\n".getBytes(StandardCharsets.UTF_8), "team-a").await().atMost(WAIT);
        BlobId streamed = BlobId.random();
        BlobRecord written = upload(store, streamed, "streamed\n", "team-a");

        assertEquals(BlobRecord.of("team-a", "put\n".getBytes(StandardCharsets.UTF_8)), access.check(Caller.tenant("team-a"), put).await().atMost(WAIT).orElseThrow());
        assertEquals(written, access.check(Caller.tenant("team-a"), streamed).await().atMost(WAIT).orElseThrow());
        assertEquals(0, recordReads.get(), "both records were known from their writes");

        store.delete(put).await().atMost(WAIT);
        assertThrows(BlobNotFoundException.class, () -> access.check(Caller.tenant("team-a"), put).await().atMost(WAIT));
        assertEquals(1, recordReads.get(), "a removed blob's record is forgotten with it");
    }

    @Test
    void aRefusalAsksTheStoreAsAnUnknownIdDoesSoItsTimeTellsNothing() {
        FsBlobStore fs = new FsBlobStore(root, VERTX);
        BlobAccess access = BlobAccess.over(counted(fs));
        BlobId owned = BlobId.random();
        fs.put(owned, BlobFormat.TEXT, "team-a's\n".getBytes(StandardCharsets.UTF_8), "team-a").await().atMost(WAIT);
        access.check(Caller.tenant("team-a"), owned).await().atMost(WAIT);
        access.check(Caller.tenant("team-a"), owned).await().atMost(WAIT);
        assertEquals(1, recordReads.get(), "the owner's second read needs no store call");

        recordReads.set(0);
        for (int i = 0; i < 3; i++) {
            assertThrows(BlobNotFoundException.class, () -> access.check(Caller.tenant("team-b"), owned).await().atMost(WAIT));
        }
        int refused = recordReads.getAndSet(0);
        for (int i = 0; i < 3; i++) {
            assertThrows(BlobNotFoundException.class, () -> access.check(Caller.tenant("team-b"), BlobId.random()).await().atMost(WAIT));
        }
        assertEquals(recordReads.get(), refused, "another tenant's blob costs the store what an unknown id costs");
    }

    @Test
    void anotherTenantsBlobSpooledHereWhileTheStoreIsDownFailsAsAnUnknownIdDoes() {
        FsBlobStore disk = new FsBlobStore(root, VERTX);
        BlobId held = BlobId.random();
        disk.put(held, BlobFormat.TEXT, "spooled\n".getBytes(StandardCharsets.UTF_8), "team-a").await().atMost(WAIT);
        // this replica's disk holds one blob; the shared store, asked about any other id, is down
        BlobStore replica = (BlobStore) Proxy.newProxyInstance(BlobStore.class.getClassLoader(), new Class<?>[] {BlobStore.class}, (proxy, method, args) -> {
            if (method.getName().equals("heldHere")) {
                return held.equals(args[0]);
            }
            if (method.getName().equals("readRecord") && !held.equals(args[0])) {
                return Uni.createFrom().failure(new BlobStoreException("the blob store did not answer", null));
            }
            return method.invoke(disk, args);
        });
        BlobAccess access = BlobAccess.over(replica);

        assertEquals("team-a", access.check(Caller.tenant("team-a"), held).await().atMost(WAIT).orElseThrow().owner());
        assertThrows(BlobStoreException.class, () -> access.check(Caller.tenant("team-b"), BlobId.random()).await().atMost(WAIT));
        assertThrows(BlobStoreException.class, () -> access.check(Caller.tenant("team-b"), held).await().atMost(WAIT),
                "another tenant's spooled blob answers what an unknown id answers (503), not a quick 404");
    }

    private static BlobRecord upload(BlobStore store, BlobId id, String text, String owner) {
        {
            BlobUpload upload = store.upload(id, BlobFormat.TEXT, owner);
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            upload.write(io.vertx.mutiny.core.buffer.Buffer.buffer(java.util.Arrays.copyOfRange(bytes, 0, 0 + bytes.length))).await().indefinitely();
            upload.commit(BlobFormat.TEXT).await().indefinitely();
            return upload.record();
        }
    }
}
