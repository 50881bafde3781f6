package dev.toolspill;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.s3.S3Server;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.embedded.RedisServer;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two Toolspill processes (the packaged app, as in production, API keys on) on different ports share one bucket and
 * one Redis (a real redis-server): an output stored through the first is inspected and range-read through the
 * second, with the same key; a tenant's requests a second hold across both.
 */
class TwoReplicasIT {

    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    static S3Server s3;

    static final List<Process> replicas = new ArrayList<>();
    static String first;
    static String second;
    /** The replicas know only its SHA-256 digest: printf %s "$KEY" | sha256sum. */
    static final String KEY = "it-key-3b8f0c2d9a71";
    /** A tenant of its own with a low rate: toolspill.tenants."limited-it".requests-per-second. */
    static final String LIMITED_KEY = "it-key-limited-58e1a0c4";
    static final double LIMITED_RATE = 0.2;
    static final int LIMITED_BURST = 5;
    static RedisServer redis;
    static int redisPort;

    @BeforeAll
    static void start() throws Exception {
        s3 = S3Server.start("shared");
        redisPort = TestPorts.free();
        redis = RedisServer.newRedisServer().bind("127.0.0.1").port(redisPort).setting("save \"\"").setting("appendonly no").build();
        redis.start();
        first = launch("a");
        second = launch("b");
    }

    @AfterAll
    static void stop() {
        replicas.forEach(Process::destroy);
        replicas.forEach(p -> p.onExit().join());
        s3.stop();
        try {
            redis.stop();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** One replica, started and ready: its base URL. */
    static String launch(String name) throws Exception {
        List<String> options = new ArrayList<>(List.of("-Xmx256m", "-Dtoolspill.auth.keys.replicas-it=" + TestDigests.sha256(KEY),
                "-Dtoolspill.auth.keys.limited-it=" + TestDigests.sha256(LIMITED_KEY), "-Dtoolspill.tenants.limited-it.requests-per-second=" + LIMITED_RATE,
                "-Dtoolspill.limits.burst=" + LIMITED_BURST, "-Dtoolspill.limits.shared.url=redis://127.0.0.1:" + redisPort));
        for (Map.Entry<String, String> setting : s3.quarkusConfig().entrySet()) {
            options.add("-D" + setting.getKey() + "=" + setting.getValue());
        }
        Path log = Path.of("target", "replica-" + name + ".log");
        Process replica = PackagedApp.start(log, options);
        replicas.add(replica);
        return PackagedApp.awaitReady(replica, log);
    }

    static HttpResponse<String> get(String url, Map<String, String> headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10))
                .header("Authorization", "Bearer " + KEY);
        headers.forEach(request::header);
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void anOutputStoredThroughOneReplicaIsReadThroughTheOther() throws Exception {
        String log = IntStream.rangeClosed(1, 5000).mapToObj(i -> "event " + i + " ok\n").collect(Collectors.joining());
        HttpResponse<String> stored = HTTP.send(HttpRequest.newBuilder(URI.create(first + "/v1/tool-outputs?tool=read_file"))
                .header("Content-Type", "text/plain").header("Authorization", "Bearer " + KEY).POST(HttpRequest.BodyPublishers.ofString(log)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, stored.statusCode(), stored.body());
        JsonNode item = new ObjectMapper().readTree(stored.body());
        String id = item.get("blob").get("id").asText();

        HttpResponse<String> lines = get(second + "/v1/blobs/" + id + "/inspect?selector=lines:4000-4002", Map.of());
        assertEquals(200, lines.statusCode(), lines.body());
        assertEquals("event 4000 ok\nevent 4001 ok\nevent 4002 ok\n", lines.body());

        HttpResponse<String> range = get(second + "/v1/blobs/" + id, Map.of("Range", "bytes=0-13"));
        assertEquals(206, range.statusCode(), range.body());
        assertEquals("event 1 ok\neve", range.body());

        HttpResponse<String> head = get(second + "/v1/blobs/" + id + "/inspect", Map.of());
        assertTrue(head.body().contains("5000 lines"), head.body());

        HttpResponse<String> stranger = HTTP.send(HttpRequest.newBuilder(URI.create(second + "/v1/blobs/" + id)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(401, stranger.statusCode(), stranger.body());
    }

    @Test
    void anMcpSessionBegunOnOneReplicaGoesOnOnTheOther() throws Exception {
        String log = IntStream.rangeClosed(1, 300).mapToObj(i -> "event " + i + " ok\n").collect(Collectors.joining());
        HttpResponse<String> stored = HTTP.send(HttpRequest.newBuilder(URI.create(first + "/v1/tool-outputs?tool=read_file"))
                .header("Content-Type", "text/plain").header("Authorization", "Bearer " + KEY).POST(HttpRequest.BodyPublishers.ofString(log)).build(),
                HttpResponse.BodyHandlers.ofString());
        String id = new ObjectMapper().readTree(stored.body()).get("blob").get("id").asText();

        HttpResponse<String> initialized = mcp(first, null, "initialize",
                "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}");
        assertEquals(200, initialized.statusCode(), initialized.body());
        String session = initialized.headers().firstValue("Mcp-Session-Id").orElseThrow();

        HttpResponse<String> read = mcp(second, session, "resources/read", "{\"uri\":\"toolspill://blobs/" + id + "/lines/2-3\"}");
        assertEquals(200, read.statusCode(), read.body());
        assertEquals("event 2 ok\nevent 3 ok\n", new ObjectMapper().readTree(read.body()).at("/result/contents/0/text").asText());
        HttpResponse<String> call = mcp(second, session, "tools/call",
                "{\"name\":\"inspect\",\"arguments\":{\"blob_id\":\"" + id + "\",\"selector\":\"lines:300-300\"}}");
        assertEquals("event 300 ok\n", new ObjectMapper().readTree(call.body()).at("/result/content/0/text").asText(), call.body());
    }

    @Test
    void aTenantsRequestsASecondHoldAcrossBothReplicas() throws Exception {
        long started = System.nanoTime();
        int admitted = 0;
        int refused = 0;
        for (int i = 0; i < 24; i++) {
            HttpRequest request = HttpRequest.newBuilder(URI.create((i % 2 == 0 ? first : second) + "/v1/tools"))
                    .timeout(Duration.ofSeconds(10)).header("Authorization", "Bearer " + LIMITED_KEY).build();
            HttpResponse<String> answer = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() == 200) {
                admitted++;
            } else {
                assertEquals(429, answer.statusCode(), answer.body());
                assertTrue(answer.body().contains("across all replicas") && answer.headers().firstValue("Retry-After").isPresent(), answer.body());
                refused++;
            }
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        // one bucket for both: the burst and what refills meanwhile; counted by each replica alone it would be twice the burst
        long bound = LIMITED_BURST + (long) Math.ceil(LIMITED_RATE * seconds);
        assertTrue(admitted >= LIMITED_BURST && admitted <= bound, admitted + " admitted, " + refused + " refused in " + seconds
                + " s; one shared bucket admits at most " + bound);
        assertTrue(get(first + "/v1/tools", Map.of()).statusCode() == 200, "another tenant is not limited by it");
    }

    static HttpResponse<String> mcp(String base, String session, String method, String params) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + "/mcp")).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("Authorization", "Bearer " + KEY)
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + method + "\",\"params\":" + params + "}"));
        if (session != null) {
            request.header("Mcp-Session-Id", session);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
