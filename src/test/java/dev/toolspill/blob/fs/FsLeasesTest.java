package dev.toolspill.blob.fs;

import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.Leases;
import dev.toolspill.blob.LeasesContractTest;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

import static dev.toolspill.TestVertx.VERTX;

/** Leases as files in a filesystem store's root, as replicas sharing one volume take them. */
class FsLeasesTest extends LeasesContractTest {

    @TempDir
    Path root;

    @Override
    protected Leases contender(Clock clock) {
        return new FsLeases(root, VERTX, clock);
    }

    @Override
    protected BlobStore store() {
        return new FsBlobStore(root, VERTX);
    }

    @Override
    protected boolean holds(String key) {
        return Files.exists(root.resolve(key));
    }
}
