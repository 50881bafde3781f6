package dev.toolspill.api;

import dev.toolspill.metrics.Scrape;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A full disk, without a mount: the fs store must keep more bytes free ({@code toolspill.blob-store.fs.min-free-bytes})
 * than any disk has, so every upload's first write finds it full. The sender gets a 503 it may retry, as
 * problem+json that says the disk is full (what an operator must fix), the failed write counts as a store error (what
 * the alert watches), and nothing of its output is left under the store's root.
 */
@QuarkusTest
@TestProfile(FsDiskFullTest.Profile.class)
class FsDiskFullTest {

    static final Path ROOT = Path.of("target/test-disk-full");

    public static class Profile implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("toolspill.blob-store.fs.root", ROOT.toString(),
                    "toolspill.blob-store.fs.min-free-bytes", String.valueOf(Long.MAX_VALUE));
        }
    }

    @TestHTTPResource(value = "/metrics", management = true)
    URL metricsUrl;

    @Test
    void anUploadToAFullDiskAnswers503AndLeavesNoFile() throws IOException {
        Scrape before = Scrape.now(metricsUrl);
        String output = "a numbered line of a long tool output\n".repeat(8_000); // stored, not inline
        given().contentType(ContentType.TEXT).body(output).when().post("/v1/tool-outputs?tool=t").then()
                .statusCode(503)
                .contentType("application/problem+json")
                .header("Retry-After", "60") // a full disk is not freed in seconds
                .body("status", equalTo(503))
                .body("detail", containsString("its disk is full"))
                .body("detail", containsString("nothing of this output was kept"));
        assertEquals(1.0, Scrape.now(metricsUrl).delta(before, "toolspill_store_errors_total", Map.of("operation", "upload-write")),
                "the failed write is a store error");
        assertEquals(0, files("tmp"), "no temp file is left");
        assertEquals(0, files("blobs"), "no blob is visible");
    }

    private static long files(String dir) throws IOException {
        Path path = ROOT.resolve(dir);
        if (!Files.isDirectory(path)) {
            return 0;
        }
        try (var files = Files.list(path)) {
            return files.count();
        }
    }
}
