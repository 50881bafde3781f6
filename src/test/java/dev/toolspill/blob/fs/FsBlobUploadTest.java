package dev.toolspill.blob.fs;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.blob.BlobUploadContractTest;
import dev.toolspill.blob.UploadHops;
import io.vertx.mutiny.core.buffer.Buffer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static dev.toolspill.TestVertx.VERTX;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The asynchronous upload contract on the filesystem: temp files under tmp/, fsync and rename at commit. */
class FsBlobUploadTest extends BlobUploadContractTest {

    @TempDir
    Path root;
    FsBlobStore store;

    @BeforeEach
    void open() {
        store = new FsBlobStore(root, VERTX);
    }

    @Override
    protected BlobUpload start(BlobId id, BlobFormat guess, String owner) {
        return store.upload(id, guess, owner);
    }

    @Override
    protected BlobStore reader() {
        return store;
    }

    @Override
    protected int unfinished() {
        return filesIn(root);
    }

    @Test
    void aDiskKeptUnderItsFreeSpaceTakesNoBytesAndKeepsNothing() throws IOException {
        long free = Files.getFileStore(root).getUsableSpace();
        FsBlobStore full = new FsBlobStore(root, VERTX, free + (1L << 40), Duration.ofMinutes(1),
                UploadHops.shared(VERTX, UploadHops.DEFAULT_THREADS));
        BlobId id = BlobId.random();
        BlobUpload upload = full.upload(id, BlobFormat.TEXT, "team-a");
        RuntimeException failure = assertThrows(RuntimeException.class,
                () -> upload.write(Buffer.buffer("a line\n")).await().atMost(Duration.ofSeconds(30)));
        assertTrue(String.valueOf(failure.getCause()).contains("toolspill.blob-store.fs.min-free-bytes"), failure.toString());
        upload.abort().await().atMost(Duration.ofSeconds(30));
        assertEquals(0, unfinished(), "the abort removed the temp file");
        try (var blobs = Files.list(root.resolve("blobs"))) {
            assertEquals(0, blobs.count(), "nothing is visible");
        }
    }
}
