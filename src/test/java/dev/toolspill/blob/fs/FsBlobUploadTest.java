package dev.toolspill.blob.fs;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.blob.BlobUploadContractTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static dev.toolspill.TestVertx.VERTX;

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
        Path tmp = root.resolve("tmp");
        if (!Files.isDirectory(tmp)) {
            return 0;
        }
        try (var files = Files.list(tmp)) {
            return (int) files.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
