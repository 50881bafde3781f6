package dev.toolspill.inspect;

import dev.toolspill.ParallelSafe;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.fs.FsBlobStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

@ParallelSafe
class FsIndexedInspectTest extends IndexedInspectContractTest {

    @TempDir
    Path root;
    private BlobStore store;

    @BeforeEach
    void setUp() {
        store = new FsBlobStore(root, dev.toolspill.TestVertx.VERTX);
    }

    @Override
    protected BlobStore store() {
        return store;
    }
}
