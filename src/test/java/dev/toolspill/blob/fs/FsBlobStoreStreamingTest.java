package dev.toolspill.blob.fs;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobLayout;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.ByteRange;
import io.vertx.mutiny.core.buffer.Buffer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What the filesystem store adds to the contract for HTTP reads: 64 KiB chunks (256 KiB for a bulk read), long
 * offsets, its own file.
 */
class FsBlobStoreStreamingTest {

    @TempDir
    Path root;

    private FsBlobStore store;

    @BeforeEach
    void setUp() {
        store = new FsBlobStore(root, dev.toolspill.TestVertx.VERTX);
    }

    private List<Buffer> chunks(BlobId id, ByteRange range) {
        return store.stream(id, range).collect().asList().await().atMost(Duration.ofSeconds(30));
    }

    @Test
    void streamsIn64KiBChunks() {
        String text = "0123456789".repeat(20_000);
        BlobMetadata info = store.put(BlobId.random(), BlobFormat.TEXT, text.getBytes(StandardCharsets.UTF_8)).await().indefinitely();
        List<Integer> sizes = chunks(info.id(), new ByteRange(0, 200_000)).stream().map(Buffer::length).toList();
        assertEquals(List.of(65_536, 65_536, 65_536, 3_392), sizes);
        assertEquals(List.of(65_536, 1), chunks(info.id(), new ByteRange(10, 65_537)).stream().map(Buffer::length).toList());
    }

    @Test
    void streamsInBulkIn256KiBChunksWithTheSameBytes() {
        byte[] bytes = "0123456789abcdef".repeat(40_000).getBytes(StandardCharsets.UTF_8); // 640,000 bytes
        BlobMetadata info = store.put(BlobId.random(), BlobFormat.TEXT, bytes).await().indefinitely();
        List<Buffer> bulk = store.streamInBulk(info.id(), new ByteRange(7, 700_000)).collect().asList().await().atMost(Duration.ofSeconds(30));
        assertEquals(List.of(262_144, 262_144, 115_705), bulk.stream().map(Buffer::length).toList(), "a search takes a quarter of the hand-offs");
        Buffer joined = Buffer.buffer();
        bulk.forEach(joined::appendBuffer);
        Buffer small = Buffer.buffer();
        chunks(info.id(), new ByteRange(7, 700_000)).forEach(small::appendBuffer);
        assertEquals(small, joined);
        assertArrayEquals(java.util.Arrays.copyOfRange(bytes, 7, bytes.length), joined.getBytes());
    }

    @Test
    void readsPastFourGibibytesWithoutReadingWhatComesBefore() throws IOException {
        // a sparse file: 5 GiB of size, almost no disk, and offsets no int can hold
        BlobId id = BlobId.random();
        Path file = root.resolve(BlobLayout.blob(id, BlobFormat.TEXT));
        Files.createDirectories(file.getParent());
        long size = 5L << 30;
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(size);
            raf.seek(size - 5);
            raf.write("tail!".getBytes(StandardCharsets.US_ASCII));
        }
        assertEquals(new BlobMetadata(id, BlobFormat.TEXT, size), store.metadata(id).await().indefinitely());
        List<Buffer> tail = chunks(id, new ByteRange(size - 8, 100));
        assertEquals(1, tail.size());
        assertArrayEquals(new byte[] {0, 0, 0, 't', 'a', 'i', 'l', '!'}, tail.get(0).getBytes());
    }

    @Test
    void localFileIsTheBlobsOwnFile() {
        BlobMetadata info = store.put(BlobId.random(), BlobFormat.TEXT, "x".repeat(900).getBytes(StandardCharsets.UTF_8)).await().indefinitely();
        BlobMetadata metadata = store.metadata(info.id()).await().indefinitely();
        assertEquals(Optional.of(root.resolve("blobs/" + info.id() + ".txt").toAbsolutePath().normalize()), store.localFile(metadata));
    }
}
