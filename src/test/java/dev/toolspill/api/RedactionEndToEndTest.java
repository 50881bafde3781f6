package dev.toolspill.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.tool.remote.RemoteToolServer;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.stream.Stream;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Credentials in outputs never reach the store, the answer, the index, the logs or the metrics, on every way in: an
 * upload to /v1/tool-outputs (inline, and streamed into the store in chunks), a remote tool's answer through
 * /v1/tool-calls, a tool called over MCP. The secrets are synthetic and new each run, so finding one anywhere is a leak.
 */
@QuarkusTest
@QuarkusTestResource(RemoteToolServer.class)
class RedactionEndToEndTest {

    static final ObjectMapper MAPPER = new ObjectMapper();
    static final SecureRandom RANDOM = new SecureRandom();
    static final String GITHUB = "ghp_" + random("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 36);
    static final String AWS = "AKIA" + random("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16);
    static final String SLACK_PATH = "T" + random("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 8) + "/B" + random("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 10)
            + "/" + random("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", 24);
    static final List<String> SECRETS = List.of(GITHUB, AWS, SLACK_PATH);
    static final ConcurrentLinkedQueue<String> LOGGED = new ConcurrentLinkedQueue<>();
    static final Handler CAPTURE = new Handler() {
        @Override
        public void publish(LogRecord record) {
            String text = record instanceof org.jboss.logmanager.ExtLogRecord ext ? ext.getFormattedMessage() : record.getMessage();
            LOGGED.add(text + (record.getThrown() == null ? "" : " " + record.getThrown()));
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @TestHTTPResource(value = "/metrics", management = true)
    URL metricsUrl;

    static String random(String alphabet, int n) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < n; i++) {
            s.append(alphabet.charAt(RANDOM.nextInt(alphabet.length())));
        }
        return s.toString();
    }

    @BeforeAll
    static void captureLogs() {
        java.util.logging.Logger.getLogger("").addHandler(CAPTURE);
    }

    @AfterAll
    static void stopCapturing() {
        java.util.logging.Logger.getLogger("").removeHandler(CAPTURE);
    }

    static JsonPath upload(String body, ContentType type) {
        return given().contentType(type).body(body.getBytes(StandardCharsets.UTF_8))
                .when().post("/v1/tool-outputs?tool=env_dump").then().statusCode(200).extract().jsonPath();
    }

    static String blob(String id) {
        return new String(given().when().get("/v1/blobs/" + id).then().statusCode(200).extract().asByteArray(), StandardCharsets.UTF_8);
    }

    static void assertNoSecretIn(String where, String text) {
        SECRETS.forEach(secret -> assertFalse(text.contains(secret), () -> "a secret in " + where));
    }

    @Test
    void anInlineUploadIsAnsweredWithMarkersAndCounts() {
        JsonPath item = upload("GITHUB_TOKEN=" + GITHUB + "\nAWS_ACCESS_KEY_ID=" + AWS + "\nHOME=/root\n", ContentType.TEXT);
        assertEquals("GITHUB_TOKEN=[redacted:github-token]\nAWS_ACCESS_KEY_ID=[redacted:aws-access-key-id]\nHOME=/root\n",
                item.getString("output"));
        assertEquals(1, item.getInt("redacted.github-token"));
        assertEquals(1, item.getInt("redacted.aws-access-key-id"));
    }

    @Test
    void anUploadWithoutSecretsIsAnsweredAsBefore() {
        JsonPath item = upload("HOME=/root\nPATH=/usr/bin\n", ContentType.TEXT);
        assertEquals("HOME=/root\nPATH=/usr/bin\n", item.getString("output"));
        assertTrue(item.getMap("").keySet().stream().noneMatch("redacted"::equals), "no redacted field without redactions");
    }

    @Test
    void aStreamedUploadIsStoredRedactedWhereverItsChunksEnd() {
        StringBuilder log = new StringBuilder();
        for (int i = 0; i < 6000; i++) { // ~400 KB: stored, read in many chunks; secrets fall on every alignment
            log.append(String.format("%05d build step ok\n", i));
            if (i % 97 == 0) {
                log.append("  using ").append(i % 2 == 0 ? GITHUB : AWS).append(" for the checkout\n");
            }
        }
        JsonPath item = upload(log.toString(), ContentType.TEXT);
        String stored = blob(item.getString("blob.id"));
        assertNoSecretIn("the blob", stored);
        int markers = stored.split("\\[redacted:", -1).length - 1;
        assertEquals(62, markers);
        assertEquals(31, item.getInt("redacted.github-token"));
        assertEquals(31, item.getInt("redacted.aws-access-key-id"));
        assertEquals(stored.getBytes(StandardCharsets.UTF_8).length, item.getLong("blob.bytes"), "the blob is the redacted bytes");
    }

    @Test
    void aJsonUploadStaysValidJsonWithEscapedSecretsReplacedInsideTheirStrings() throws Exception {
        StringBuilder json = new StringBuilder("[");
        for (int i = 0; i < 3000; i++) {
            json.append(i == 0 ? "" : ",").append("{\"n\":").append(i).append(",\"webhook\":\"https:\\/\\/hooks.slack.com\\/services\\/")
                    .append(SLACK_PATH.replace("/", "\\/")).append("\",\"note\":\"ok\"}");
        }
        JsonPath item = upload(json.append(']').toString(), ContentType.JSON);
        String stored = blob(item.getString("blob.id"));
        JsonNode rows = MAPPER.readTree(stored);
        assertEquals(3000, rows.size());
        assertEquals("[redacted:slack-webhook]", rows.get(1234).get("webhook").asText());
        assertNoSecretIn("the blob", stored.replace("\\/", "/"));
        assertEquals(3000, item.getInt("redacted.slack-webhook"));
    }

    @Test
    void aRemoteToolsAnswerIsRedactedBeforeItIsStored() {
        JsonPath result = given().contentType(ContentType.JSON)
                .body("{\"calls\":[{\"id\":\"c1\",\"name\":\"search\",\"arguments\":{\"q\":\"" + GITHUB + "\"}}]}")
                .when().post("/v1/tool-calls").then().statusCode(200).extract().jsonPath().setRootPath("results[0]");
        assertEquals("ok", result.getString("status"));
        assertEquals(RemoteToolServer.SEARCH_HITS, result.getInt("redacted.github-token"));
        String stored = blob(result.getString("blob.id"));
        assertNoSecretIn("the blob", stored);
        assertTrue(stored.contains("\"title\":\"[redacted:github-token] result 7\""), stored.substring(0, 200));
    }

    @Test
    void anMcpToolResultIsRedactedAndSaysHowMany() throws Exception {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":{\"text\":\"key "
                + AWS + "\"}}}";
        JsonNode answer = MAPPER.readTree(given().contentType(ContentType.JSON).accept("application/json, text/event-stream").body(body)
                .when().post("/mcp").then().statusCode(200).extract().asByteArray()).get("result");
        assertEquals("key [redacted:aws-access-key-id]", answer.get("content").get(0).get("text").asText());
        assertEquals("1 value redacted (aws-access-key-id: 1)", answer.get("content").get(1).get("text").asText());
        assertEquals(1, answer.get("structuredContent").get("redacted").get("aws-access-key-id").asInt());
    }

    @Test
    void afterAllOfItNoSecretIsInTheStoreTheLogsOrTheMetrics() throws IOException {
        anInlineUploadIsAnsweredWithMarkersAndCounts();
        aStreamedUploadIsStoredRedactedWhereverItsChunksEnd();
        aRemoteToolsAnswerIsRedactedBeforeItIsStored();
        try (Stream<Path> files = Files.walk(Path.of("target/test-data"))) { // blobs, read indexes, records
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                assertNoSecretIn(file.toString(), new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1));
            }
        }
        assertNoSecretIn("the log", String.join("\n", LOGGED));
        String metrics = given().when().get(metricsUrl).then().statusCode(200).extract().asString();
        assertNoSecretIn("the metrics", metrics);
        assertTrue(metrics.contains("toolspill_redacted_values_total{kind=\"github-token\"}"), "the counter by kind");
    }
}
