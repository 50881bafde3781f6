package dev.toolspill.blob.spool;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTestProfile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The filesystem store in a folder the test can take away (a file in its place makes every write fail, as a lost
 * volume would), a spool with room for one 50 kB output, and drains the test runs itself.
 */
public class FsOutageProfile implements QuarkusTestProfile {

    static final Path BASE = Path.of("target/spool-outage");
    static final Path STORE = BASE.resolve("store");
    static final Path SPOOL = BASE.resolve("spool");
    static final long SPOOL_BYTES = 60_000;

    public static class Fresh implements QuarkusTestResourceLifecycleManager {
        @Override
        public Map<String, String> start() {
            delete(BASE);
            return Map.of();
        }

        @Override
        public void stop() {
        }
    }

    static void delete(Path path) {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> files = Files.walk(path)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "toolspill.blob-store.fs.root", STORE.toString(),
                "toolspill.spool.dir", SPOOL.toString(),
                "toolspill.spool.max-bytes", String.valueOf(SPOOL_BYTES),
                "toolspill.spool.retry-interval", "1h",
                "toolspill.blob-store.retry.attempts", "0");
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(Fresh.class));
    }

    @Override
    public String getConfigProfile() {
        return "test";
    }
}
