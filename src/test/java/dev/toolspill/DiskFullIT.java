package dev.toolspill;

import dev.toolspill.metrics.Scrape;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A full disk, without a mount: the packaged app's fs store must keep more bytes free
 * ({@code toolspill.blob-store.fs.min-free-bytes}) than any disk has, so every upload's first write finds it full. The
 * sender gets a 503 it may retry, as problem+json that says the disk is full (what an operator must fix), the failed
 * write counts as a store error (what the alert watches), and nothing of its output is left under the store's root.
 * A packaged app of its own rather than a test profile: the whole application has the full disk.
 */
class DiskFullIT {

    @Test
    void anUploadToAFullDiskAnswers503AndLeavesNoFile() throws Exception {
        Path root = Files.createTempDirectory("toolspill-disk-full");
        Path log = Path.of("target", "disk-full-it.log");
        Process app = PackagedApp.start(log, List.of("-Xmx192m", "-Dtoolspill.auth.enabled=false",
                "-Dtoolspill.blob-store.fs.root=" + root, "-Dtoolspill.blob-store.fs.min-free-bytes=" + Long.MAX_VALUE));
        try {
            String base = PackagedApp.awaitListening(app, log); // not ready: its store has no room
            URL metrics = URI.create(PackagedApp.management(log) + "/q/metrics").toURL();
            Scrape before = Scrape.now(metrics);
            String output = "a numbered line of a long tool output\n".repeat(8_000); // stored, not inline
            HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(base + "/v1/tool-outputs?tool=t"))
                    .header("Content-Type", "text/plain").timeout(Duration.ofSeconds(30))
                    .POST(HttpRequest.BodyPublishers.ofString(output)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(503, answer.statusCode(), answer.body());
            assertEquals("application/problem+json", answer.headers().firstValue("Content-Type").orElse(""));
            assertEquals("60", answer.headers().firstValue("Retry-After").orElse(""), "a full disk is not freed in seconds");
            assertTrue(answer.body().contains("its disk is full"), answer.body());
            assertTrue(answer.body().contains("nothing of this output was kept"), answer.body());
            assertEquals(1.0, Scrape.now(metrics).delta(before, "toolspill_store_errors_total", Map.of("operation", "upload-write")),
                    "the failed write is a store error");
            assertEquals(0, files(root.resolve("tmp")), "no temp file is left");
            assertEquals(0, files(root.resolve("blobs")), "no blob is visible");
        } finally {
            PackagedApp.stop(app);
        }
    }

    private static long files(Path dir) throws java.io.IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (var files = Files.list(dir)) {
            return files.count();
        }
    }
}
