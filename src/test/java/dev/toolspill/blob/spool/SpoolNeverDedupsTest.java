package dev.toolspill.blob.spool;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobLayout;
import dev.toolspill.blob.BlobRecord;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.blob.StoreLayers;
import dev.toolspill.blob.fs.FsBlobStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

import static dev.toolspill.TestVertx.VERTX;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** An output spooled during an outage was answered with its own id: its upload keeps it, bytes already stored or not. */
class SpoolNeverDedupsTest {

    @TempDir
    Path dir;

    private static <T> T await(io.smallrye.mutiny.Uni<T> uni) {
        return uni.await().atMost(Duration.ofSeconds(30));
    }

    @Test
    void aSpooledOutputIsUploadedUnderItsOwnIdThoughItsTenantStoredTheSameBytes() {
        BlobStore backend = new FsBlobStore(dir.resolve("store"), VERTX);
        Spool spool = new Spool(dir.resolve("spool"), 64L << 20, Duration.ofHours(1), VERTX);
        SpoolingBlobStore store = new SpoolingBlobStore(StoreLayers.deduplicating(backend, Optional.empty()), backend, spool, VERTX,
                SpoolingBlobStore.Retry.ONCE);
        byte[] bytes = "the same output\n".repeat(100).getBytes(StandardCharsets.UTF_8);

        BlobId stored = await(store.put(BlobId.random(), BlobFormat.TEXT, bytes, "acme")).id();
        BlobId spooled = BlobId.random();
        assertEquals(spooled, await(spool.put(spooled, BlobFormat.TEXT, bytes, "acme")).orElseThrow().id());
        assertEquals(1, await(store.drainNow()));

        assertNotEquals(stored, spooled);
        assertArrayEquals(bytes, await(backend.read(spooled, new ByteRange(0, Long.MAX_VALUE))), "uploaded under the id it was answered with");
        String key = BlobLayout.contentKey("acme", BlobRecord.of("acme", bytes).sha256(), -1);
        assertEquals("blobs/" + stored + ".txt", new String(await(backend.readKey(key)).orElseThrow().value(), StandardCharsets.UTF_8),
                "the key still names the blob stored first");
    }
}
