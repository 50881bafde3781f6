package dev.toolspill.blob.fs;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobStoreContractTest;
import dev.toolspill.blob.BlobFormat;
import static dev.toolspill.TestVertx.VERTX;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    @Test
    void leavesOnlyTheBlobFileBehind() throws IOException {
        BlobId id = BlobId.random();
        await(store.put(id, BlobFormat.TEXT, "hello\n".getBytes(StandardCharsets.UTF_8)));
        try (Stream<Path> blobs = Files.list(root.resolve("blobs")); Stream<Path> tmp = Files.list(root.resolve("tmp"))) {
            assertEquals(java.util.List.of(root.resolve("blobs/" + id + ".txt")), blobs.toList());
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
}
