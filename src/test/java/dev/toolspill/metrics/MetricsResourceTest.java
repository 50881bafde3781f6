package dev.toolspill.metrics;

import java.net.URL;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** /q/metrics, read over HTTP before and after real calls: each counter moves by exactly what those calls did. */
@QuarkusTest
class MetricsResourceTest {

    /** Metrics and OpenAPI are on the management interface (its own port). */
    @TestHTTPResource(value = "/metrics", management = true)
    URL metricsUrl;

    private static final String PROBE = "metrics_probe";

    @Test
    void outputsBytesAndStoreCallsAreCountedAsTheyHappen() {
        Scrape before = Scrape.now(metricsUrl);
        // bytes no other test stored: a repeat would store nothing (content addressing)
        String unique = java.util.UUID.randomUUID() + "abcd"; // 40 bytes

        JsonPath batch = given().contentType(ContentType.JSON).body("""
                        {"calls":[
                          {"id":"small","name":"echo","arguments":{"text":"hi"}},
                          {"id":"large","name":"echo","arguments":{"text":"%s","times":50}},
                          {"id":"unknown","name":"no_such_tool","arguments":{}}
                        ]}""".formatted(unique))
                .when().post("/v1/tool-calls").then().statusCode(200).extract().jsonPath();
        assertEquals("error", batch.getString("results[2].status"));
        String summary = batch.getString("results[1].output");

        given().contentType(ContentType.TEXT).body("hello").when().post("/v1/tool-outputs?tool=" + PROBE).then().statusCode(200);
        String log = unique.substring(0, 4) + "\n" + "line\n".repeat(999); // 5000 bytes
        JsonPath uploaded = given().contentType(ContentType.TEXT).body(log).when().post("/v1/tool-outputs?tool=" + PROBE)
                .then().statusCode(200).extract().jsonPath();
        String uploadedSummary = uploaded.getString("output");
        String blob = uploaded.getString("blob.id");

        given().when().get("/v1/blobs/" + blob + "/inspect?selector=lines:2-3").then().statusCode(200);
        given().when().get("/v1/blobs/0190a000-0000-7000-8000-000000000000").then().statusCode(404);

        Scrape after = Scrape.now(metricsUrl);
        assertEquals(1, after.delta(before, "toolspill_outputs_total", Map.of("disposition", "inline", "tool", "echo")));
        assertEquals(1, after.delta(before, "toolspill_outputs_total", Map.of("disposition", "stored", "tool", "echo")));
        assertEquals(0, after.delta(before, "toolspill_outputs_total", Map.of("tool", "no_such_tool")), "a call of no tool put nothing into history");
        assertEquals(1, after.delta(before, "toolspill_outputs_total", Map.of("disposition", "inline", "tool", PROBE)));
        assertEquals(1, after.delta(before, "toolspill_outputs_total", Map.of("disposition", "stored", "tool", PROBE)));

        assertEquals(2 + bytes(summary), after.delta(before, "toolspill_history_bytes_total", Map.of("tool", "echo")));
        assertEquals(2000 - bytes(summary), after.delta(before, "toolspill_history_kept_out_bytes_total", Map.of("tool", "echo")));
        assertEquals(5 + bytes(uploadedSummary), after.delta(before, "toolspill_history_bytes_total", Map.of("tool", PROBE)));
        assertEquals(5000 - bytes(uploadedSummary), after.delta(before, "toolspill_history_kept_out_bytes_total", Map.of("tool", PROBE)));
        assertEquals(2000 + 5000, after.delta(before, "toolspill_stored_bytes_total", Map.of()));

        assertEquals(1, after.delta(before, "toolspill_store_latency_seconds_count", Map.of("operation", "put")), "the batch's large output");
        assertEquals(1, after.delta(before, "toolspill_store_latency_seconds_count", Map.of("operation", "upload-commit")), "the uploaded one");
        assertTrue(after.delta(before, "toolspill_store_latency_seconds_count", Map.of("operation", "metadata")) >= 1, "the unknown blob was looked up");
        assertEquals(0, after.total("toolspill_store_errors_total") - before.total("toolspill_store_errors_total"),
                "an unknown id is an answer, not an error of the store");
        assertEquals(1, after.delta(before, "toolspill_inspect_latency_seconds_count", Map.of()));
        assertEquals(0, after.value("toolspill_uploads_in_flight", Map.of()), "every upload has ended");
    }

    @Test
    void metricsAreInThePrometheusTextFormat() {
        given().accept("text/plain").when().get(metricsUrl).then().statusCode(200)
                .contentType(org.hamcrest.Matchers.startsWith("text/plain"))
                .body(org.hamcrest.Matchers.containsString("# TYPE toolspill_uploads_in_flight gauge"));
    }

    @Test
    void theStoreAndSpoolGaugesArePublishedFromTheFirstScrape() {
        Scrape scrape = Scrape.now(metricsUrl);
        assertTrue(scrape.text().contains("# TYPE toolspill_store_well gauge"), "the gauge alerts watch, since readiness stays UP");
        assertEquals(1.0, scrape.value("toolspill_store_well", Map.of()), "the test store is up");
        assertTrue(scrape.text().contains("# TYPE toolspill_spool_bytes gauge"));
        assertTrue(scrape.text().contains("# TYPE toolspill_spool_oldest_seconds gauge"));
    }

    @Test
    void anOutputStoredAgainIsCountedAsDeduplicatedWithItsBytes() {
        String output = ("a line of an output stored twice " + java.util.UUID.randomUUID() + "\n").repeat(100);
        Scrape before = Scrape.now(metricsUrl);
        String first = given().contentType(ContentType.TEXT).body(output).when().post("/v1/tool-outputs?tool=" + PROBE)
                .then().statusCode(200).extract().path("blob.id");
        String again = given().contentType(ContentType.TEXT).body(output).when().post("/v1/tool-outputs?tool=" + PROBE)
                .then().statusCode(200).extract().path("blob.id");
        assertEquals(first, again, "the same bytes, the same blob");
        Scrape after = Scrape.now(metricsUrl);
        assertEquals(1.0, after.delta(before, "toolspill_deduplicated_outputs_total", Map.of()));
        assertEquals(bytes(output), after.delta(before, "toolspill_deduplicated_bytes_total", Map.of()));
    }

    @Test
    void theCountersAlertsAndDashboardsReadExistBeforeTheirFirstCount() {
        Scrape scrape = Scrape.now(metricsUrl);
        for (String operation : new String[]{"put", "upload-write", "upload-commit", "get", "check"}) {
            assertTrue(scrape.text().contains("toolspill_store_errors_total{operation=\"" + operation + "\""),
                    "a series for errors of " + operation + ", so rate() over it is 0 and not absent");
        }
        assertTrue(scrape.text().contains("toolspill_index_loads_total{source=\"store\""));
        assertTrue(scrape.text().contains("toolspill_index_loads_total{source=\"scan\""));
    }

    private static long bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
