package dev.toolspill.blob.fs;

import dev.toolspill.ParallelSafe;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.DedupContractTest;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static dev.toolspill.TestVertx.VERTX;

/** Content addressing on the filesystem store; replicas are stores on one folder, as on a shared volume. */
@ParallelSafe
class FsDedupTest extends DedupContractTest {

    @TempDir
    Path root;

    @Override
    protected BlobStore replica() {
        return new FsBlobStore(root, VERTX);
    }
}
