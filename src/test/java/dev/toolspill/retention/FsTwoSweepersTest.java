package dev.toolspill.retention;

import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.fs.FsBlobStore;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static dev.toolspill.TestVertx.VERTX;

/** Two replicas sweeping one filesystem store (a shared volume). */
class FsTwoSweepersTest extends TwoSweepersContractTest {

    @TempDir
    Path root;

    @Override
    protected BlobStore replica() {
        return new FsBlobStore(root, VERTX);
    }

    @Override
    protected boolean holds(String key) {
        return Files.exists(root.resolve(key));
    }
}
