package dev.toolspill.metrics;

import dev.toolspill.api.TightBudgetsProfile;
import io.quarkus.test.junit.QuarkusTestProfile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * For {@link MonitoringFilesTest}: an fs store and a spool of its own under target/ (emptied at start, so the store
 * can be taken away), uploads of at most {@link #MAX_UPLOAD} bytes, no store retries, no index cache (an inspect loads the read index), and one upstream MCP server on
 * a free port where nothing listens (its tool gauge reads 0, as in an outage).
 */
public class MonitoringProfile implements QuarkusTestProfile {

    static final Path BASE = Path.of("target/monitoring");
    static final Path STORE = BASE.resolve("store");
    static final int MAX_UPLOAD = 4096;

    @Override
    public Map<String, String> getConfigOverrides() {
        TightBudgetsProfile.delete(BASE);
        return Map.of(
                "toolspill.blob-store.fs.root", STORE.toString(),
                "toolspill.spool.dir", BASE.resolve("spool").toString(),
                "toolspill.spool.retry-interval", "1h",
                "toolspill.blob-store.retry.attempts", "0",
                "toolspill.ingest.max-bytes", String.valueOf(MAX_UPLOAD),
                "toolspill.inspect.index-cache-bytes", "0",
                "toolspill.tools.mcp.\"down\".url", "http://127.0.0.1:" + freePort() + "/mcp",
                "toolspill.tools.mcp.\"down\".timeout", "2s");
    }

    @Override
    public String getConfigProfile() {
        return "test";
    }

    static void breakStore() throws IOException {
        TightBudgetsProfile.delete(STORE);
        Files.writeString(STORE, "not a folder: every write to the store fails");
    }

    static void mendStore() throws IOException {
        Files.deleteIfExists(STORE);
        Files.createDirectories(STORE);
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
