package dev.toolspill.api;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.IntStream;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Nothing blocks an event loop while outputs are ingested: Vert.x's blocked-thread checker, told that 500 ms on an event
 * loop is too long (2 s by default), says nothing while large uploads (text and JSON), many small ones at once and tool
 * calls run. Authentication is on, as in production: the uploads are team-a's. Not 200 ms: in one full suite run the
 * checker saw 265 ms once, and the same test with a 40 ms limit found no task of ours over 40 ms; on 2 shared cores an
 * event loop thread descheduled or paused for a collection looks blocked.
 */
@QuarkusTest
@TestProfile(AuthProfileTest.Profile.class) // the 500 ms checker limit, with the API-key tests: one application
class EventLoopNeverBlocksTest {

    private static final Logger CHECKER = Logger.getLogger("io.vertx.core.impl.BlockedThreadChecker");
    private final List<String> warnings = new CopyOnWriteArrayList<>();
    private final CompletableFuture<String> firstWarning = new CompletableFuture<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            warnings.add(record.getMessage());
            firstWarning.complete(record.getMessage());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void listen() {
        CHECKER.addHandler(capture);
    }

    @AfterEach
    void stop() {
        CHECKER.removeHandler(capture);
    }

    @jakarta.inject.Inject
    io.vertx.core.Vertx vertx;

    /**
     * The capture itself works: an event loop kept busy is reported. It stays busy until the checker has spoken (at
     * most 10 s): on a loaded machine the checker's own thread may not run within a fixed second and a half.
     */
    @Test
    void aBusyEventLoopIsReported() throws Exception {
        vertx.runOnContext(ignored -> {
            long until = System.nanoTime() + 10_000_000_000L;
            while (!firstWarning.isDone() && System.nanoTime() < until) {
                Thread.onSpinWait();
            }
        });
        String warning = firstWarning.orTimeout(60, java.util.concurrent.TimeUnit.SECONDS).join(); // a bound for a loaded machine, not a speed
        org.junit.jupiter.api.Assertions.assertTrue(warning.contains("blocked"), warning);
    }

    @Test
    void largeAndManyUploadsLeaveTheCheckerSilent() throws Exception {
        String text = "2026-12-02T10:00:00Z INFO request served in 1 ms by a replica\n".repeat(300_000); // about 18 MB
        AuthProfileTest.as(AuthProfileTest.KEY_A).contentType(ContentType.TEXT).body(text.getBytes(StandardCharsets.UTF_8)).when().post("/v1/tool-outputs?tool=t")
                .then().statusCode(200).body("blob.kind", equalTo("text"));
        StringBuilder json = new StringBuilder("[");
        for (int i = 0; i < 100_000; i++) {
            json.append(i == 0 ? "" : ",").append("{\"id\":").append(i).append(",\"name\":\"item-").append(i).append("\"}");
        }
        AuthProfileTest.as(AuthProfileTest.KEY_A).contentType(ContentType.JSON).body(json.append(']').toString().getBytes(StandardCharsets.UTF_8))
                .when().post("/v1/tool-outputs?tool=t").then().statusCode(200).body("blob.kind", equalTo("json_array"));

        HttpClient client = HttpClient.newHttpClient();
        URI uri = URI.create("http://localhost:" + io.restassured.RestAssured.port + "/v1/tool-outputs?tool=t");
        List<CompletableFuture<HttpResponse<String>>> answers = IntStream.range(0, 100)
                .mapToObj(i -> client.sendAsync(HttpRequest.newBuilder(uri).header("Content-Type", "text/plain")
                        .header("Authorization", "Bearer " + AuthProfileTest.KEY_A)
                        .POST(HttpRequest.BodyPublishers.ofString(("upload " + i + "\n").repeat(4000))).build(), HttpResponse.BodyHandlers.ofString()))
                .toList();
        for (CompletableFuture<HttpResponse<String>> answer : answers) {
            assertEquals(200, answer.get().statusCode(), answer.get().body());
        }
        assertEquals(List.of(), warnings, "the blocked-thread checker warned");
    }
}
