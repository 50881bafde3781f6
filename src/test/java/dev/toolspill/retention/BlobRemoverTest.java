package dev.toolspill.retention;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.fs.FsBlobStore;
import dev.toolspill.scan.BlobIndexer;
import dev.toolspill.scan.ReadIndex;
import dev.toolspill.scan.ScanSettings;
import dev.toolspill.scan.StreamScanner;
import io.smallrye.mutiny.Uni;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static dev.toolspill.TestVertx.VERTX;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A removal takes the index with it, even one this replica is still writing, and what the indexer caches. */
class BlobRemoverTest {

    @TempDir
    Path root;

    /** The filesystem store, whose index writes wait until {@code open} completes. */
    private BlobStore gated(FsBlobStore fs, CompletableFuture<Void> open) {
        return (BlobStore) Proxy.newProxyInstance(BlobStore.class.getClassLoader(), new Class<?>[] {BlobStore.class}, (proxy, method, args) ->
                method.getName().equals("putIndex")
                        ? Uni.createFrom().completionStage(open).chain(() -> fs.putIndex((BlobId) args[0], (byte[]) args[1]))
                        : method.invoke(fs, args));
    }

    private static ReadIndex indexOf(String text) {
        StreamScanner scanner = new StreamScanner(new ScanSettings(5, 3, 2, 401, 100), false, ReadIndex.EVERY);
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        scanner.feed(bytes, 0, bytes.length);
        return scanner.finish().index();
    }

    @Test
    void aRemovalWaitsForTheIndexWriteUnderWaySoNoIndexIsLeftBehind() throws Exception {
        FsBlobStore fs = new FsBlobStore(root, VERTX);
        CompletableFuture<Void> open = new CompletableFuture<>();
        BlobStore store = gated(fs, open);
        BlobIndexer indexer = new BlobIndexer(store, new ScanSettings(5, 3, 2, 401, 100), new ObjectMapper(), 1 << 20);
        String text = "a line\n".repeat(2000);
        BlobId id = BlobId.random();
        fs.put(id, BlobFormat.TEXT, text.getBytes(StandardCharsets.UTF_8)).await().atMost(Duration.ofSeconds(10));
        CompletableFuture<Void> keeping = indexer.keep(id, indexOf(text)).subscribeAsCompletionStage(); // as ingest does, not waited for

        CompletableFuture<Void> removal = new BlobRemover(store, indexer, dev.toolspill.blob.BlobAccess.over(store)).remove(id).subscribeAsCompletionStage();
        assertThrows(TimeoutException.class, () -> removal.get(300, TimeUnit.MILLISECONDS), "the removal waits for the index write");
        open.complete(null);
        removal.get(10, TimeUnit.SECONDS);
        keeping.get(10, TimeUnit.SECONDS);

        assertFalse(Files.exists(root.resolve("blobs/" + id + ".txt")));
        assertFalse(Files.exists(root.resolve("index/" + id + ".idx")), "the index was written, then removed with its blob");
    }

    @Test
    void aRemovedBlobsCachedIndexIsDropped() {
        FsBlobStore fs = new FsBlobStore(root, VERTX);
        BlobIndexer indexer = new BlobIndexer(fs, new ScanSettings(5, 3, 2, 401, 100), new ObjectMapper(), 1 << 20);
        BlobId id = BlobId.random();
        fs.put(id, BlobFormat.TEXT, "x\n".repeat(100).getBytes(StandardCharsets.UTF_8)).await().atMost(Duration.ofSeconds(10));
        assertEquals(100, indexer.indexOf(id).await().atMost(Duration.ofSeconds(10)).count(), "now cached");
        assertTrue(Files.exists(root.resolve("index/" + id + ".idx")));

        new BlobRemover(fs, indexer, dev.toolspill.blob.BlobAccess.over(fs)).removeExisting(dev.toolspill.tenant.Caller.ANYONE, id).await().atMost(Duration.ofSeconds(10));

        assertThrows(dev.toolspill.blob.BlobNotFoundException.class, () -> indexer.indexOf(id).await().atMost(Duration.ofSeconds(10)),
                "not answered from the cache");
        assertThrows(dev.toolspill.blob.BlobNotFoundException.class,
                () -> new BlobRemover(fs, indexer, dev.toolspill.blob.BlobAccess.over(fs)).removeExisting(dev.toolspill.tenant.Caller.ANYONE, id).await().atMost(Duration.ofSeconds(10)));
    }
}
