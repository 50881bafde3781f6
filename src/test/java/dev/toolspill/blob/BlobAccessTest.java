package dev.toolspill.blob;

import dev.toolspill.blob.fs.FsBlobStore;
import dev.toolspill.tenant.Caller;
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
    void aRefusalAsksTheStoreAsAnUnknownIdDoesSoItsTimeTellsNothing() {
        FsBlobStore fs = new FsBlobStore(root, VERTX);
        BlobAccess access = new BlobAccess(counted(fs));
        BlobId owned = BlobId.random();
        fs.put(owned, BlobFormat.TEXT, "team-a's\n".getBytes(StandardCharsets.UTF_8), "team-a").await().atMost(WAIT);
        access.check(Caller.tenant("team-a"), owned).await().atMost(WAIT);
        access.check(Caller.tenant("team-a"), owned).await().atMost(WAIT);
        assertEquals(1, recordReads.get(), "the owner's second read comes from the cache");

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
}
