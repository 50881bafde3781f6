package dev.toolspill.tool.mcp;

import java.net.URL;
import io.quarkus.test.common.http.TestHTTPResource;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Toolspill in front of real MCP servers (see {@link McpUpstreamProfile}): their tools are Toolspill's tools, over
 * /v1 and /mcp alike, and their outputs get what every output gets: a summary and a blob when large, exact reads
 * through inspect, error items for failures. A server that is down at start-up does not stop it; its tools come when
 * it does and go when it goes.
 */
@QuarkusTest
@TestProfile(McpUpstreamProfile.class)
class McpUpstreamTest {

    /** Metrics and OpenAPI are on the management interface (its own port). */
    @TestHTTPResource(value = "/metrics", management = true)
    URL metricsUrl;

    static final ObjectMapper MAPPER = new ObjectMapper();

    @Inject
    McpUpstreams upstreams;

    @BeforeEach
    void upstreamToolsAreListed() {
        awaitTools(names -> names.contains("up_big_log"), "the tools of the upstream server");
    }

    static List<String> toolNames() {
        return given().when().get("/v1/tools").then().statusCode(200).extract().jsonPath().getList("tools.name", String.class);
    }

    /** Waits for the upstream refresh (a readiness condition, polled), failing with what was listed last. */
    static void awaitTools(Predicate<List<String>> condition, String what) {
        // refreshes run on the service's timer
        Awaitility.await().atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(50)).untilAsserted(() -> {
            List<String> names = toolNames();
            assertTrue(condition.test(names), () -> "waited for " + what + "; tools now: " + names);
        });
    }

    static JsonPath call(String name, String arguments) {
        return given().contentType(ContentType.JSON)
                .body("{\"calls\":[{\"id\":\"c1\",\"name\":\"" + name + "\",\"arguments\":" + arguments + "}]}")
                .when().post("/v1/tool-calls").then().statusCode(200).extract().jsonPath().setRootPath("results[0]");
    }

    @Test
    void upstreamToolsAreOfferedWithTheirPrefixSchemaAndDescriptionInEveryFormat() throws Exception {
        assertTrue(toolNames().containsAll(List.of("up_big_log", "up_rows", "up_broken", "up_refused", "inspect")), () -> "tools: " + toolNames());
        JsonNode tools = MAPPER.readTree(given().when().get("/v1/tools").asString()).get("tools");
        JsonNode rows = null;
        for (JsonNode tool : tools) {
            if (tool.get("name").asText().equals("up_rows")) {
                rows = tool;
            }
        }
        assertEquals("N rows as structured content.", rows.get("description").asText());
        assertEquals("integer", rows.at("/parameters/properties/n/type").asText());
        given().when().get("/v1/tools?format=openai").then().statusCode(200)
                .body("function.name", org.hamcrest.Matchers.hasItem("up_big_log"));
        String mcp = given().contentType(ContentType.JSON).accept("application/json, text/event-stream")
                .body("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{}}").when().post("/mcp").asString();
        assertTrue(mcp.contains("\"up_big_log\""), mcp);
        assertEquals(6, upstreams.availableTools(), "the gauge counts the tools of the server that is up");
        String metrics = given().when().get(metricsUrl).then().statusCode(200).extract().asString();
        assertTrue(metrics.contains("toolspill_mcp_upstream_tools{server=\"up\"} 6.0"), metrics);
        assertTrue(metrics.contains("toolspill_mcp_upstream_tools{server=\"late\"}"), "a server not reached yet has its series too");
    }

    @Test
    void aTwoMegabyteUpstreamOutputIsSummarizedIntoABlobThatInspectReadsExactly() {
        byte[] expected = UpstreamMcpServer.bigLog().getBytes(StandardCharsets.UTF_8);
        assertEquals(2_000_000, expected.length);

        JsonPath item = call("up_big_log", "{}");
        assertEquals("ok", item.getString("status"));
        String id = item.getString("blob.id");
        assertTrue(item.getString("output").startsWith("[blob:" + id + "] text | 40000 lines"), item.getString("output"));
        assertTrue(item.getString("output").getBytes(StandardCharsets.UTF_8).length <= 400);
        assertEquals("text", item.getString("blob.kind"));
        assertEquals(2_000_000L, item.getLong("blob.bytes"));

        byte[] stored = given().when().get("/v1/blobs/" + id).then().statusCode(200).extract().asByteArray();
        assertArrayEquals(expected, stored, "the blob holds the upstream text byte for byte");

        JsonPath read = call("inspect", "{\"blob_id\":\"" + id + "\",\"selector\":\"lines:39998-40000\"}");
        assertEquals("ok", read.getString("status"));
        assertEquals(IntStream.rangeClosed(39998, 40000).mapToObj(i -> String.format("%06d upstream log line, the same every time....\n", i))
                .collect(Collectors.joining()), read.getString("output"));
    }

    @Test
    void upstreamStructuredContentIsStoredAsJson() throws Exception {
        JsonPath item = call("up_rows", "{\"n\":5000}");
        assertEquals("ok", item.getString("status"));
        assertEquals("json_array", item.getString("blob.kind"), () -> "blob: " + item.get("blob"));
        assertTrue(item.getString("output").contains("json_array | 5000 entries"), item.getString("output"));
        JsonNode stored = MAPPER.readTree(given().when().get("/v1/blobs/" + item.getString("blob.id")).asByteArray());
        assertEquals(MAPPER.valueToTree(UpstreamMcpServer.rows(5000)), stored);

        JsonPath small = call("up_rows", "{\"n\":2}");
        assertEquals("[{\"id\":0,\"name\":\"row-0\"},{\"id\":1,\"name\":\"row-1\"}]".length(), small.getString("output").length());
        assertNull(small.get("blob"), "a small structured answer stays inline");
    }

    @Test
    void upstreamErrorsAreErrorItemsWithTheUpstreamMessage() {
        JsonPath broken = call("up_broken", "{}");
        assertEquals("error", broken.getString("status"));
        assertTrue(broken.getString("output").contains("the upstream database is read-only today"), broken.getString("output"));

        JsonPath refused = call("up_refused", "{}");
        assertEquals("error", refused.getString("status"));
        assertTrue(refused.getString("output").contains("no such repository: toolspill/nope"), refused.getString("output"));
    }

    @Test
    void argumentsAreCheckedAgainstTheUpstreamSchemaBeforeTheCall() {
        JsonPath item = call("up_rows", "{\"n\":\"many\"}");
        assertEquals("error", item.getString("status"));
        assertTrue(item.getString("output").contains("do not match its schema"), item.getString("output"));
    }

    @Test
    void aServerDownAtStartUpDoesNotStopItAndItsToolsComeAndGoWithIt() throws Exception {
        assertFalse(toolNames().contains("late_big_log"), "nothing listens on the late server's port yet");
        try (UpstreamMcpServer late = new UpstreamMcpServer(McpUpstreamProfile.latePort, null)) {
            awaitTools(names -> names.contains("late_big_log"), "the late server's tools");
            assertEquals("ok", call("late_rows", "{\"n\":1}").getString("status"));
        }
        awaitTools(names -> !names.contains("late_big_log"), "the late server's tools to go");
        JsonPath gone = call("late_rows", "{\"n\":1}");
        assertEquals("error", gone.getString("status"));
        assertTrue(gone.getString("output").contains("unknown tool") || gone.getString("output").contains("late_rows"), gone.getString("output"));
    }

    @Test
    void anUpstreamImageIsStoredAsABlobNamedInTheOutputAndAResourceLinkIsPassedOn() throws Exception {
        JsonPath picture = call("up_picture", "{}");
        assertEquals("ok", picture.getString("status"), picture.prettify());
        String output = picture.getString("output");
        java.util.regex.Matcher named = java.util.regex.Pattern.compile(
                "latency chart, last hour\n\\[image image/png, 2008 bytes, stored as \\[blob:([0-9a-f-]{36})\\]; inspect key:data reads its base64\\]")
                .matcher(output);
        assertTrue(named.matches(), output);
        JsonNode stored = MAPPER.readTree(given().when().get("/v1/blobs/" + named.group(1)).then().statusCode(200).extract().asByteArray());
        assertEquals("image/png", stored.get("mimeType").asText());
        assertEquals(2008, stored.get("bytes").asLong());
        assertEquals(UpstreamMcpServer.PICTURE, stored.get("data").asText(), "the image as the server sent it");

        JsonPath links = call("up_links", "{}");
        assertEquals("the report is ready\n[resource_link file:///reports/2026-11.csv \"report\" text/csv]", links.getString("output"));
    }
}
