package dev.toolspill.api;

import dev.toolspill.TestPorts;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTestProfile;
import org.awaitility.Awaitility;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Tight budgets on a filesystem store of its own, authentication off: one application for the tests that push
 * requests, the spool or the store past a limit, and for the retention and tracing tests, whose timers and exporter
 * nothing else here minds. Each setting, and who needs it:
 * <ul>
 * <li>BudgetsProfileTest: 3 calls and 4096 bytes a batch, one upload at a time, dropped after 1 s without a byte,
 * and small JSON scan budgets (strings of 2000 bytes, numbers of 50 digits, depth 20, 10 index keys); it counts the
 * temp files left in {@link #STORE}.</li>
 * <li>LimitsProfileTest: uploads of at most 4096 bytes (every other upload here is under it), and a 200-byte limit
 * for the tool {@code tiny} only.</li>
 * <li>FsOutageSpoolTest: the store in a folder the test can take away ({@link #STORE}: a file in its place makes
 * every write fail, as a lost volume would), emptied when the application starts ({@link Fresh}), a spool of its own
 * with room for one 50 kB output, no store retries, and drains only when the test runs one.</li>
 * <li>FsRetentionTest: retention every 200 ms, of blobs older than 2 hours (written the short way); the others
 * here write only new blobs.</li>
 * <li>TracingProfileTest: the OpenTelemetry SDK on, spans exported every 10 ms (to its in-memory exporter, and to a
 * closed OTLP port).</li>
 * <li>MonitoringFilesTest: uploads of at most 4096 bytes (as LimitsProfileTest), the store it takes away as
 * FsOutageSpoolTest does (it drains what it spooled before it ends), no index cache (an inspect loads the read index),
 * and one upstream MCP server on a free port where nothing listens (its tool gauge reads 0, as in an outage).</li>
 * <li>BudgetsProfileTest: CORS on for one origin ({@link #CORS_ORIGIN}), to check that a preflight is still Quarkus'
 * CORS filter's to answer beside the edge's own OPTIONS answers; no other test here sends an Origin.</li>
 * </ul>
 */
public class TightBudgetsProfile implements QuarkusTestProfile {

    public static final Path BASE = Path.of("target/spool-outage");
    public static final Path STORE = BASE.resolve("store");
    public static final Path SPOOL = BASE.resolve("spool");
    public static final long SPOOL_BYTES = 60_000;
    /** The one origin CORS lets in here. */
    public static final String CORS_ORIGIN = "https://console.example";
    /** toolspill.ingest.max-bytes here. */
    public static final int MAX_UPLOAD = 4096;

    /**
     * The store's folder replaced by a file: every write to the store fails, as when its volume is lost. Writes after
     * an answer (the read index, the sweeper's lease every 200 ms, the ledger, the write probe) may make the folder
     * again while it goes: until it stays gone.
     */
    public static void breakStore() {
        Awaitility.await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> {
            delete(STORE);
            Files.createDirectories(BASE);
            Files.writeString(STORE, "not a folder: every write to the store fails");
            return Files.isRegularFile(STORE);
        });
    }

    /** The store's folder back, empty. */
    public static void mendStore() throws IOException {
        Files.deleteIfExists(STORE);
        Files.createDirectories(STORE);
    }

    /** Starts the application on an empty store and spool. */
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

    public static void delete(Path path) {
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
        Map<String, String> config = new HashMap<>();
        // BudgetsProfileTest
        config.put("toolspill.pipeline.max-calls", "3");
        config.put("toolspill.pipeline.max-body-bytes", "4096");
        config.put("toolspill.ingest.max-concurrent", "1");
        config.put("toolspill.ingest.stall-timeout", "1s");
        config.put("toolspill.scan.max-string-bytes", "2000");
        config.put("toolspill.scan.max-number-digits", "50");
        config.put("toolspill.scan.max-depth", "20");
        config.put("toolspill.scan.max-index-keys", "10");
        // LimitsProfileTest
        config.put("toolspill.ingest.max-bytes", String.valueOf(MAX_UPLOAD));
        config.put("toolspill.limits.tools.\"tiny\"", "200");
        // FsOutageSpoolTest
        config.put("toolspill.blob-store.fs.root", STORE.toString());
        config.put("toolspill.spool.dir", SPOOL.toString());
        config.put("toolspill.spool.max-bytes", String.valueOf(SPOOL_BYTES));
        config.put("toolspill.spool.retry-interval", "1h");
        config.put("toolspill.blob-store.retry.attempts", "0");
        // FsRetentionTest
        config.put("toolspill.retention.max-age", "2h");
        config.put("toolspill.retention.interval", "200ms");
        // TracingProfileTest
        config.put("quarkus.otel.sdk.disabled", "false");
        config.put("quarkus.otel.bsp.schedule.delay", "10ms");
        config.put("quarkus.otel.exporter.otlp.traces.endpoint", "http://127.0.0.1:9");
        // MonitoringFilesTest
        config.put("toolspill.inspect.index-cache-bytes", "0");
        config.put("toolspill.tools.mcp.\"down\".url", "http://127.0.0.1:" + TestPorts.free() + "/mcp");
        config.put("toolspill.tools.mcp.\"down\".timeout", "2s");
        // BudgetsProfileTest
        config.put("quarkus.http.cors.enabled", "true");
        config.put("quarkus.http.cors.origins", CORS_ORIGIN);
        return config;
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
