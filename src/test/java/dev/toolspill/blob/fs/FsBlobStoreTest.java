package dev.toolspill.blob.fs;

import dev.toolspill.ParallelSafe;
import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobStoreContractTest;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static dev.toolspill.TestVertx.VERTX;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@ParallelSafe
class FsBlobStoreTest extends BlobStoreContractTest {

    @TempDir
    Path root;

    private FsBlobStore store;

    @BeforeEach
    void setUp() {
        store = new FsBlobStore(root, VERTX);
    }

    @Override
    protected BlobStore store() {
        return store;
    }

    @Override
    protected byte[] rawObject(String key) {
        try {
            return Files.readAllBytes(root.resolve(key));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected boolean holds(String key) {
        return Files.exists(root.resolve(key));
    }

    @Test
    void removesTempFilesOnlyWhenTheirLastWriteIsOlderThanTheCutoff() throws IOException {
        Path tmp = Files.createDirectories(root.resolve("tmp"));
        Path abandoned = Files.writeString(tmp.resolve("019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70.123.part"), "half a blob");
        Path writing = Files.writeString(tmp.resolve("019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f71.456.part"), "still arriving");
        Files.setLastModifiedTime(abandoned, FileTime.from(Instant.now().minus(Duration.ofHours(2))));
        BlobId stored = BlobId.at(Instant.now().minus(Duration.ofHours(3)));
        await(store.put(stored, BlobFormat.TEXT, "a finished blob is not a temp file\n".getBytes(StandardCharsets.UTF_8)));

        assertEquals(1, await(store.removeUnfinished(Instant.now().minus(Duration.ofHours(1)))));

        assertFalse(Files.exists(abandoned), "abandoned two hours ago");
        assertTrue(Files.exists(writing), "written to just now");
        assertTrue(Files.exists(root.resolve("blobs/" + stored + ".txt")), "blobs are not unfinished writes, however old");
        assertEquals(0, await(store.removeUnfinished(Instant.now().minus(Duration.ofHours(1)))), "nothing left to remove");
    }

    @Test
    void atStartUpTheTempFilesOfCrashedWritesAreRemovedAndLiveOnesKept() throws IOException {
        Path tmp = Files.createDirectories(root.resolve("tmp"));
        Path crashed = Files.writeString(tmp.resolve("019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70.123.part"), "half a blob");
        Path crashedRecord = Files.writeString(tmp.resolve("019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70.meta.9.part"), "sha256=");
        Path writing = Files.writeString(tmp.resolve("019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f71.456.part"), "still arriving");
        Files.setLastModifiedTime(crashed, FileTime.from(Instant.now().minus(Duration.ofMinutes(2))));
        Files.setLastModifiedTime(crashedRecord, FileTime.from(Instant.now().minus(Duration.ofMinutes(2))));

        await(new FsBlobStore(root, VERTX, Duration.ofMinutes(1)).prepare());

        assertFalse(Files.exists(crashed), "not written to for longer than a live write may stall");
        assertFalse(Files.exists(crashedRecord));
        assertTrue(Files.exists(writing), "written to just now: another replica's write, still going on");
    }

    @Test
    void aCrashRightBeforeTheRestartLeavesNoTempFileForLong() throws Exception {
        Path tmp = Files.createDirectories(root.resolve("tmp"));
        Path crashed = Files.writeString(tmp.resolve("019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f72.123.part"), "cut by a kill a moment ago");
        Files.setLastModifiedTime(crashed, FileTime.from(Instant.now().minusMillis(100)));

        await(new FsBlobStore(root, VERTX, Duration.ofMillis(500)).prepare());
        Path afterStart = Files.writeString(tmp.resolve("019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f73.456.part"), "a write of this run");

        // the second pass comes one crash window after start-up
        Awaitility.await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(50)).untilAsserted(() ->
                assertFalse(Files.exists(crashed), "not written to since the replica started, one crash window later"));
        assertTrue(Files.exists(afterStart), "written after the start: a live write");
    }

    @Test
    void aRecordLeftWithoutItsBlobIsListedForRemovalAndABlobsRecordIsNot() {
        BlobId kept = BlobId.at(Instant.now().minus(Duration.ofHours(3)));
        BlobId cut = BlobId.at(Instant.now().minus(Duration.ofHours(3)));
        await(store.put(kept, BlobFormat.TEXT, "kept\n".getBytes(StandardCharsets.UTF_8), "team-a"));
        await(store.put(cut, BlobFormat.TEXT, "cut\n".getBytes(StandardCharsets.UTF_8), "team-a"));
        assertTrue(root.resolve("blobs/" + cut + ".txt").toFile().delete(), "as a write cut short between record and blob leaves it");

        java.util.List<BlobId> listed = store.idsBefore(Instant.now()).collect().asList().await().atMost(Duration.ofSeconds(10));

        assertEquals(java.util.stream.Stream.of(kept, cut).map(Object::toString).sorted().toList(),
                listed.stream().map(Object::toString).sorted().toList(), "each id once");
        await(store.delete(cut));
        assertFalse(Files.exists(root.resolve("blobs/" + cut + ".meta")), "removal takes the record too");
    }

    @Test
    void anEmptyStoreListsAndCleansNothing() {
        FsBlobStore empty = new FsBlobStore(root.resolve("never-written"), VERTX);
        assertEquals(List.of(), await(empty.idsBefore(Instant.now()).collect().asList()));
        assertEquals(0, await(empty.removeUnfinished(Instant.now())));
    }

    @Test
    void aLargeDirectoryListsEveryOldIdOnce() {
        Instant now = Instant.now();
        Set<BlobId> old = new HashSet<>();
        for (int i = 0; i < 300; i++) { // more than one listing batch
            BlobId id = BlobId.at(now.minus(Duration.ofHours(2)).plusMillis(i));
            old.add(id);
            await(store.put(id, BlobFormat.TEXT, ("old " + i + "\n").getBytes(StandardCharsets.UTF_8)));
            await(store.put(BlobId.random(), BlobFormat.TEXT, ("new " + i + "\n").getBytes(StandardCharsets.UTF_8)));
        }
        List<BlobId> listed = await(store.idsBefore(now.minus(Duration.ofHours(1))).collect().asList());
        assertEquals(old.size(), listed.size(), "no id twice");
        assertEquals(old, new HashSet<>(listed));
    }

    @Test
    void leavesOnlyTheBlobFileAndItsRecordBehind() throws IOException {
        BlobId id = BlobId.random();
        await(store.put(id, BlobFormat.TEXT, "hello\n".getBytes(StandardCharsets.UTF_8), "team-a"));
        try (Stream<Path> blobs = Files.list(root.resolve("blobs")); Stream<Path> tmp = Files.list(root.resolve("tmp"))) {
            assertEquals(java.util.Set.of(root.resolve("blobs/" + id + ".txt"), root.resolve("blobs/" + id + ".meta")),
                    java.util.Set.copyOf(blobs.toList()));
            assertEquals("sha256=5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03\nbytes=6\nowner=team-a\n",
                    Files.readString(root.resolve("blobs/" + id + ".meta")), "the owner and the SHA-256 of hello\\n, readable by hand");
            assertEquals(0, tmp.count(), "no temp file is left");
        }
    }

    @Test
    void notReadyWhenTheRootCannotBeWritten() throws IOException {
        Path file = root.resolve("not-a-dir");
        Files.writeString(file, "x");
        FsBlobStore broken = new FsBlobStore(file, VERTX);
        Throwable failure = broken.checkReady().onItem().transform(ok -> (Throwable) null)
                .onFailure().recoverWithItem(e -> e).await().indefinitely();
        assertTrue(failure != null, "a root that is a file is not ready");
    }

    @Test
    void aReadWhileTheStoresFolderIsGoneIsAnOutageNotAnUnknownId(@TempDir Path dir) throws IOException {
        Path folder = dir.resolve("store");
        FsBlobStore prepared = new FsBlobStore(folder, VERTX);
        prepared.checkReady().await().atMost(Duration.ofSeconds(10));
        BlobId id = BlobId.random();
        prepared.put(id, BlobFormat.TEXT, "kept before the outage".getBytes(StandardCharsets.UTF_8)).await().atMost(Duration.ofSeconds(10));

        Files.move(folder, dir.resolve("unmounted"));
        Files.writeString(folder, "a file where the folder was");
        for (BlobId asked : List.of(id, BlobId.random())) {
            Throwable failure = org.junit.jupiter.api.Assertions.assertThrows(Throwable.class,
                    () -> prepared.read(asked, new dev.toolspill.blob.ByteRange(0, 10)).await().atMost(Duration.ofSeconds(10)));
            org.junit.jupiter.api.Assertions.assertInstanceOf(dev.toolspill.blob.BlobStoreException.class, failure, "503, not 404");
        }
        Files.delete(folder);
        Files.move(dir.resolve("unmounted"), folder);
        assertEquals("kept before the outage", new String(prepared.read(id, new dev.toolspill.blob.ByteRange(0, 100)).await()
                .atMost(Duration.ofSeconds(10)), StandardCharsets.UTF_8), "back when the folder is");
    }
}
