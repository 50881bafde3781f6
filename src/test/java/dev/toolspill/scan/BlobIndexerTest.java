package dev.toolspill.scan;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.blob.fs.FsBlobStore;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.toolspill.TestVertx.VERTX;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The indexer reads, checks, builds and shares indexes within its budgets. */
class BlobIndexerTest {

    static final ObjectMapper MAPPER = new ObjectMapper();
    static final ScanSettings SETTINGS = new ScanSettings(5, 3, 2, 401, 100);

    @TempDir
    Path root;

    /** The filesystem store, with every stream counted and held until {@code open} completes. */
    final class GatedStore implements BlobStore {
        final FsBlobStore fs = new FsBlobStore(root, VERTX);
        final AtomicInteger streams = new AtomicInteger();
        final CompletableFuture<Void> open = new CompletableFuture<>();

        @Override public Uni<BlobMetadata> putRecorded(BlobId id, BlobFormat format, byte[] bytes, dev.toolspill.blob.BlobRecord record) { return fs.putRecorded(id, format, bytes, record); }
        @Override public BlobUpload upload(BlobId id, BlobFormat guess, String owner) { return fs.upload(id, guess, owner); }
        @Override public Uni<Optional<dev.toolspill.blob.BlobRecord>> readRecord(BlobId id) { return fs.readRecord(id); }
        @Override public Uni<BlobMetadata> metadata(BlobId id) { return fs.metadata(id); }
        @Override public Uni<byte[]> read(BlobId id, ByteRange range) { return fs.read(id, range); }
        @Override public Uni<Void> putIndex(BlobId id, byte[] index) { return fs.putIndex(id, index); }
        @Override public Uni<Optional<byte[]>> readIndex(BlobId id) { return fs.readIndex(id); }
        @Override public Uni<Void> delete(BlobId id) { return fs.delete(id); }
        @Override public Multi<BlobId> idsBefore(java.time.Instant cutoff) { return fs.idsBefore(cutoff); }
        @Override public Uni<Integer> removeUnfinished(java.time.Instant cutoff) { return fs.removeUnfinished(cutoff); }
        @Override public Uni<Void> checkReady() { return fs.checkReady(); }
        @Override public String location() { return fs.location(); }

        @Override
        public Multi<Buffer> stream(BlobId id, ByteRange range) {
            streams.incrementAndGet();
            return Uni.createFrom().completionStage(open).onItem().transformToMulti(ignored -> fs.stream(id, range));
        }
    }

    private BlobId text(BlobStore store, String text) {
        BlobId id = BlobId.random();
        store.put(id, BlobFormat.TEXT, text.getBytes(StandardCharsets.UTF_8)).await().atMost(Duration.ofSeconds(10));
        return id;
    }

    @Test
    void readersOfOneBlobThatArriveTogetherShareOneScan() {
        GatedStore store = new GatedStore();
        BlobIndexer indexer = new BlobIndexer(store, SETTINGS, MAPPER, 1 << 20, 4, 16, Duration.ofSeconds(10));
        BlobId id = text(store, "line\n".repeat(5000));
        List<CompletableFuture<ReadIndex>> readers = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            readers.add(indexer.indexOf(id).subscribeAsCompletionStage());
        }
        store.open.complete(null);
        readers.forEach(reader -> assertEquals(5000, reader.join().count()));
        assertEquals(1, store.streams.get(), "one scan for twenty readers");
        assertEquals(5000, indexer.indexOf(id).await().atMost(Duration.ofSeconds(10)).count(), "then from the cache");
        assertEquals(1, store.streams.get());
    }

    @Test
    void loadsPastTheBudgetWaitTheirTurnAndPastTheQueueAreRefused() {
        GatedStore store = new GatedStore();
        BlobIndexer indexer = new BlobIndexer(store, SETTINGS, MAPPER, 1 << 20, 1, 1, Duration.ofSeconds(30));
        BlobId first = text(store, "a\n".repeat(1000));
        BlobId second = text(store, "b\n".repeat(1000));
        BlobId third = text(store, "c\n".repeat(1000));
        CompletableFuture<ReadIndex> scanning = indexer.indexOf(first).subscribeAsCompletionStage();
        CompletableFuture<ReadIndex> waiting = indexer.indexOf(second).subscribeAsCompletionStage();
        Throwable refused = failureOf(indexer.indexOf(third));
        assertInstanceOf(BlobStoreException.class, refused);
        assertTrue(refused.getMessage().contains("toolspill.inspect.max-concurrent-index-loads"), refused.getMessage());
        assertFalse(waiting.isDone(), "the second load waits for the first");
        store.open.complete(null);
        assertEquals(1000, scanning.join().count());
        assertEquals(1000, waiting.join().count(), "its turn came when the first ended");
        assertEquals(1000, indexer.indexOf(third).await().atMost(Duration.ofSeconds(10)).count(), "room again once both ended");
    }

    @Test
    void aLoadThatWaitsPastItsDeadlineIsRefusedAndKeepsNoSlot() {
        GatedStore store = new GatedStore();
        BlobIndexer indexer = new BlobIndexer(store, SETTINGS, MAPPER, 1 << 20, 1, 4, Duration.ofMillis(200));
        BlobId first = text(store, "a\n".repeat(1000));
        BlobId second = text(store, "b\n".repeat(1000));
        CompletableFuture<ReadIndex> scanning = indexer.indexOf(first).subscribeAsCompletionStage();
        assertInstanceOf(BlobStoreException.class, failureOf(indexer.indexOf(second)), "it waited its 200 ms, then gave up");
        store.open.complete(null);
        assertEquals(1000, scanning.join().count());
        assertEquals(1000, indexer.indexOf(second).await().atMost(Duration.ofSeconds(10)).count(), "the given-up waiter holds no slot");
    }

    private static Throwable failureOf(Uni<ReadIndex> load) {
        return load.onItem().transform(index -> (Throwable) null)
                .onFailure().recoverWithItem(failure -> failure).await().atMost(Duration.ofSeconds(10));
    }

    @Test
    void anIndexThatDoesNotMatchItsBlobIsRebuilt() throws Exception {
        GatedStore store = new GatedStore();
        store.open.complete(null);
        BlobId id = text(store, "x\n".repeat(300));
        new BlobIndexer(store, SETTINGS, MAPPER, 1 << 20, 4, 16, Duration.ofSeconds(10)).indexOf(id).await().atMost(Duration.ofSeconds(10));
        Path index = root.resolve("index/" + id + ".idx");
        Files.writeString(index, "{\"version\":2,\"kind\":\"text\",\"bytes\":5,\"count\":1,\"every\":512,\"end\":5,\"offsets\":[0]}");
        assertEquals(300, new BlobIndexer(store, SETTINGS, MAPPER, 1 << 20, 4, 16, Duration.ofSeconds(10)).indexOf(id).await().atMost(Duration.ofSeconds(10)).count());
        Files.writeString(index, "not an index");
        assertEquals(300, new BlobIndexer(store, SETTINGS, MAPPER, 1 << 20, 4, 16, Duration.ofSeconds(10)).indexOf(id).await().atMost(Duration.ofSeconds(10)).count());
        assertEquals(3, store.streams.get(), "built, then rebuilt twice");
        byte[] kept = Files.readAllBytes(index);
        String text = new String(kept, StandardCharsets.UTF_8);
        int digit = text.indexOf("\"offsets\":[") + 11;
        kept[digit] = (byte) (kept[digit] == '0' ? '7' : '0'); // one damaged position, the size still right
        Files.write(index, kept);
        assertEquals(300, new BlobIndexer(store, SETTINGS, MAPPER, 1 << 20, 4, 16, Duration.ofSeconds(10)).indexOf(id)
                .await().atMost(Duration.ofSeconds(10)).count());
        assertEquals(4, store.streams.get(), "its check sum gave it away: rebuilt, never read");
    }

    @Test
    void aVersionThreeIndexOfATextIsRebuiltWithItsLongestLine() throws Exception {
        GatedStore store = new GatedStore();
        store.open.complete(null);
        BlobId id = text(store, "short\nthe longest line\nx\n");
        ReadIndex built = new BlobIndexer(store, SETTINGS, MAPPER, 1 << 20, 4, 16, Duration.ofSeconds(10)).indexOf(id).await().atMost(Duration.ofSeconds(10));
        Path index = root.resolve("index/" + id + ".idx");
        String json = Files.readString(index).replaceAll("\ncrc32=[0-9a-f]{8}$", "");
        Files.write(index, ReadIndexCodec.signed(json.replace("\"version\":4", "\"version\":3")
                .replaceAll(",\"longest\":\\[[0-9,]*\\]", "").getBytes(StandardCharsets.UTF_8)));
        assertFalse(Files.readString(index).contains("\"longest\":"), "as a version 3 index was written");
        ReadIndex rebuilt = new BlobIndexer(store, SETTINGS, MAPPER, 1 << 20, 4, 16, Duration.ofSeconds(10)).indexOf(id).await().atMost(Duration.ofSeconds(10));
        assertEquals(new ReadIndex.Line(2, 6, 16), rebuilt.longest());
        assertEquals(built.longest(), rebuilt.longest());
        assertEquals(2, store.streams.get(), "built, then rebuilt once for the missing line");
        assertTrue(Files.readString(index).contains("\"version\":4"), "and kept in the new version");
    }
}
