package dev.toolspill.blob.fs;

import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.Leases;
import dev.toolspill.blob.LeasesContractTest;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.stream.Stream;

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

    @Override
    protected List<String> leaseKeys() {
        try (Stream<Path> files = Files.list(root.resolve("leases"))) {
            return files.map(file -> "leases/" + file.getFileName()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
