package dev.toolspill.api;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every budget that bounds a request, pushed past: each answers with a problem+json that names its key (or, for
 * shapes that cost memory, stores the output as text), and the replica keeps serving.
 */
@QuarkusTest
@TestProfile(TightBudgetsProfile.class) // with LimitsProfileTest: one application
class BudgetsProfileTest {

    static final Path ROOT = TightBudgetsProfile.STORE;

    @TestHTTPResource("/")
    URL root;

    static String echo(int calls) {
        return IntStream.range(0, calls).mapToObj(i -> "{\"id\":\"" + i + "\",\"name\":\"echo\",\"arguments\":{\"text\":\"hi\"}}")
                .collect(Collectors.joining(",", "{\"calls\":[", "]}"));
    }

    @Test
    void aBatchOverTheCallBudgetIs413NamingTheKey() {
        given().contentType(ContentType.JSON).body(echo(3)).when().post("/v1/tool-calls").then().statusCode(200);
        given().contentType(ContentType.JSON).body(echo(4)).when().post("/v1/tool-calls").then().statusCode(413)
                .contentType("application/problem+json")
                .body("detail", containsString("toolspill.pipeline.max-calls = 3"));
    }

    @Test
    void providerShapedBodiesHaveTheSameCallBudget() {
        String call = "{\"id\":\"call_%d\",\"type\":\"function\",\"function\":{\"name\":\"echo\",\"arguments\":\"{\\\"text\\\":\\\"hi\\\"}\"}}";
        String three = call.formatted(1) + "," + call.formatted(2) + "," + call.formatted(3);
        given().contentType(ContentType.JSON).queryParam("format", "openai").body("{\"role\":\"assistant\",\"tool_calls\":[" + three + "]}")
                .when().post("/v1/tool-calls").then().statusCode(200);
        given().contentType(ContentType.JSON).queryParam("format", "openai").body("[" + three + "," + call.formatted(4) + "]")
                .when().post("/v1/tool-calls").then().statusCode(413)
                .contentType("application/problem+json")
                .body("detail", containsString("toolspill.pipeline.max-calls = 3"));
        String use = "{\"type\":\"tool_use\",\"id\":\"toolu_%d\",\"name\":\"echo\",\"input\":{\"text\":\"hi\"}}";
        String text = "{\"type\":\"text\",\"text\":\"Let me check.\"}";
        given().contentType(ContentType.JSON).queryParam("format", "anthropic")
                .body("{\"role\":\"assistant\",\"content\":[" + text + "," + use.formatted(1) + "," + text + "," + use.formatted(2) + "," + use.formatted(3) + "]}")
                .when().post("/v1/tool-calls").then().statusCode(200).body("content.size()", equalTo(3));
        given().contentType(ContentType.JSON).queryParam("format", "anthropic")
                .body("[" + use.formatted(1) + "," + use.formatted(2) + "," + use.formatted(3) + "," + use.formatted(4) + "]")
                .when().post("/v1/tool-calls").then().statusCode(413)
                .body("detail", containsString("toolspill.pipeline.max-calls = 3"));
    }

    @Test
    void providerShapedBodiesHaveTheSameByteBudget() {
        String big = "{\"output\":[{\"type\":\"reasoning\",\"id\":\"rs_1\",\"encrypted_content\":\"" + "x".repeat(5000) + "\",\"summary\":[]}]}";
        given().contentType(ContentType.JSON).queryParam("format", "openai-responses").body(big).when().post("/v1/tool-calls").then()
                .statusCode(413).contentType("application/problem+json")
                .body("detail", containsString("toolspill.pipeline.max-body-bytes = 4096"));
    }

    @Test
    void aBodyOverTheByteBudgetIs413BeforeItIsRead() {
        String big = "{\"calls\":[{\"id\":\"1\",\"name\":\"echo\",\"arguments\":{\"text\":\"" + "x".repeat(5000) + "\"}}]}";
        given().contentType(ContentType.JSON).body(big).when().post("/v1/tool-calls").then().statusCode(413)
                .contentType("application/problem+json")
                .body("detail", containsString("toolspill.pipeline.max-body-bytes = 4096"));
        given().contentType(ContentType.TEXT).body("y".repeat(5000)).when().post("/v1/noop").then().statusCode(413);
    }

    @Test
    void aJsonBodyOfUnknownLengthIs411() throws Exception {
        String answer = raw("POST /v1/tool-calls HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\n{\"cal\r\n0\r\n\r\n");
        assertTrue(answer.startsWith("HTTP/1.1 411"), answer);
        assertTrue(answer.contains("application/problem+json") && answer.contains("Content-Length"), answer);
    }

    @Test
    void anHttp2BodyWithoutContentLengthIs411AndNotReadWhole() throws Exception {
        try (Http2Exchange h2 = new Http2Exchange(root)) {
            Map<String, String> json = Map.of("Content-Type", "application/json", "Accept", "application/json, text/event-stream");
            String big = "{\"calls\":[{\"id\":\"1\",\"name\":\"echo\",\"arguments\":{\"text\":\"" + "x".repeat(5000) + "\"}}]}";
            io.vertx.core.http.HttpMethod post = io.vertx.core.http.HttpMethod.POST;
            assertEquals(411, h2.send(post, "/v1/tool-calls", json, big, true).status());
            assertEquals(411, h2.send(post, "/mcp", json, big, true).status());
            assertEquals(413, h2.send(post, "/v1/tool-calls", json, big, false).status());
            assertEquals(200, h2.send(post, "/v1/tool-calls", json, echo(1), false).status());
            assertEquals(200, h2.send(io.vertx.core.http.HttpMethod.GET, "/v1/tools", json, null, false).status());
            assertEquals(404, h2.send(post, "/v1/blobs/01a2383d-bb32-7424-a85f-71fe0c9a4ed4/verify", json, null, false).status());
        }
    }

    @Test
    void uploadsPastTheConcurrencyBudgetAre503WithRetryAfterAndAStalledOneIsDropped() throws Exception {
        try (Socket slow = new Socket(root.getHost(), root.getPort())) {
            OutputStream out = slow.getOutputStream();
            out.write(("POST /v1/tool-outputs?tool=t HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                    + "Content-Length: 4000\r\n\r\n" + "first bytes\n".repeat(100)).getBytes(StandardCharsets.US_ASCII));
            out.flush();
            // 4000 bytes announced (under the 4096 upload cap), 1200 sent: the one permit is taken (the upload above is being read): the next is refused before its body is read
            awaitBusy();
            // the slow upload then stalls past the 1 s stall timeout: its connection is closed and nothing stays behind
            InputStream in = slow.getInputStream();
            slow.setSoTimeout(20_000);
            assertEquals(-1, in.read(), "the stalled upload's connection is closed");
        }
        given().contentType(ContentType.TEXT).body("z".repeat(2000)).when().post("/v1/tool-outputs?tool=t").then().statusCode(200)
                .body("output", startsWith("[blob:"));
        // the server aborts the dropped upload as its read fails, just after the client saw the connection close
        Awaitility.await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50))
                .untilAsserted(() -> assertEquals(0, tempFiles(), "a temp file of the dropped upload is left"));
    }

    /**
     * Over HTTP/2 a stalled upload is dropped alone: its stream is reset (CANCEL) and the connection goes on. Closed
     * (a GOAWAY), it would fail every other exchange a proxy had sent on it. Stream B is in flight, its body half
     * sent, when A is reset; C is sent on the same connection after, and takes the upload slot A gave back.
     */
    @Test
    void anHttp2UploadThatStallsResetsItsStreamAndNotTheConnection() throws Exception {
        io.vertx.core.Vertx vertx = io.vertx.core.Vertx.vertx();
        try {
            java.util.List<io.vertx.core.http.HttpConnection> connections = new java.util.concurrent.CopyOnWriteArrayList<>();
            java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
            io.vertx.core.http.HttpClient client = vertx.httpClientBuilder()
                    .with(new io.vertx.core.http.HttpClientOptions().setProtocolVersion(io.vertx.core.http.HttpVersion.HTTP_2)
                            .setHttp2ClearTextUpgrade(false).setDefaultHost(root.getHost()).setDefaultPort(root.getPort()))
                    .with(new io.vertx.core.http.PoolOptions().setHttp2MaxSize(1))
                    .withConnectHandler(connection -> {
                        connections.add(connection);
                        connection.closeHandler(gone -> closed.set(true));
                    })
                    .build();
            io.vertx.core.http.HttpMethod post = io.vertx.core.http.HttpMethod.POST;
            // A: 4000 bytes announced, 1200 sent, then nothing
            io.vertx.core.http.HttpClientRequest a = await(client.request(post, "/v1/tool-outputs?tool=t"));
            a.putHeader("Content-Type", "text/plain").putHeader("Content-Length", "4000");
            var aAnswer = a.response().toCompletionStage().toCompletableFuture();
            await(a.write("first bytes\n".repeat(100)));
            // B: a batch whose body is half sent while A stalls
            String batch = echo(1);
            io.vertx.core.http.HttpClientRequest b = await(client.request(post, "/v1/tool-calls"));
            b.putHeader("Content-Type", "application/json").putHeader("Content-Length", String.valueOf(batch.length()));
            var bAnswer = b.response().compose(response -> response.body().map(body -> response.statusCode() + " " + body))
                    .toCompletionStage().toCompletableFuture();
            await(b.write(batch.substring(0, 10)));
            // past the 1 s stall timeout, A's stream is reset
            java.util.concurrent.ExecutionException reset = org.junit.jupiter.api.Assertions.assertThrows(
                    java.util.concurrent.ExecutionException.class, () -> aAnswer.get(20, java.util.concurrent.TimeUnit.SECONDS));
            assertTrue(reset.getCause() instanceof io.vertx.core.http.StreamResetException stream && stream.getCode() == 8,
                    "A's stream is reset with CANCEL: " + reset.getCause());
            await(b.end(batch.substring(10)));
            String bGot = bAnswer.get(20, java.util.concurrent.TimeUnit.SECONDS);
            assertTrue(bGot.startsWith("200 ") && bGot.contains("\"ok\""), "B, in flight when A was reset: " + bGot);
            io.vertx.core.http.HttpClientRequest c = await(client.request(post, "/v1/tool-outputs?tool=t"));
            c.putHeader("Content-Type", "text/plain");
            String cGot = await(c.send("z".repeat(2000)).compose(response -> response.body().map(body -> response.statusCode() + " " + body)));
            assertTrue(cGot.startsWith("200 ") && cGot.contains("[blob:"), "C, sent after A was reset: " + cGot);
            assertTrue(a.connection() == b.connection() && b.connection() == c.connection(), "A, B and C shared one connection");
            assertEquals(1, connections.size(), "one connection was opened");
            assertTrue(!closed.get(), "the connection is still open");
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, java.util.concurrent.TimeUnit.SECONDS);
        }
        Awaitility.await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50))
                .untilAsserted(() -> assertEquals(0, tempFiles(), "a temp file of the dropped upload is left"));
    }

    /**
     * With CORS on, a preflight (Origin and Access-Control-Request-Method) is answered by Quarkus' CORS filter, before
     * the edge's OPTIONS answers (HttpHygiene, McpWithoutStreams); a plain OPTIONS gets those, with CORS' headers.
     */
    @Test
    void aCorsPreflightIsTheCorsFiltersAndAPlainOptionsNamesTheMethods() {
        for (String path : new String[] {"/v1/tool-calls", "/mcp"}) {
            given().header("Origin", TightBudgetsProfile.CORS_ORIGIN).header("Access-Control-Request-Method", "POST")
                    .header("Access-Control-Request-Headers", "content-type")
                    .when().options(path).then().statusCode(200)
                    .header("Access-Control-Allow-Origin", TightBudgetsProfile.CORS_ORIGIN)
                    .header("Access-Control-Allow-Methods", containsString("POST"))
                    .header("Allow", org.hamcrest.Matchers.nullValue());
        }
        given().header("Origin", "https://elsewhere.example").header("Access-Control-Request-Method", "POST")
                .when().options("/v1/tool-calls").then().statusCode(403);
        given().header("Origin", TightBudgetsProfile.CORS_ORIGIN).when().options("/v1/tool-calls").then().statusCode(200)
                .header("Allow", "OPTIONS, POST").header("Access-Control-Allow-Origin", TightBudgetsProfile.CORS_ORIGIN);
        given().header("Origin", TightBudgetsProfile.CORS_ORIGIN).when().options("/mcp").then().statusCode(200)
                .header("Allow", "DELETE, OPTIONS, POST").header("Access-Control-Allow-Origin", TightBudgetsProfile.CORS_ORIGIN);
    }

    private static <T> T await(io.vertx.core.Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(20, java.util.concurrent.TimeUnit.SECONDS);
    }

    private static long tempFiles() throws java.io.IOException {
        try (Stream<Path> tmp = Files.exists(ROOT.resolve("tmp")) ? Files.list(ROOT.resolve("tmp")) : Stream.empty()) {
            return tmp.count();
        }
    }

    private void awaitBusy() {
        // the slow upload's first bytes may still be on their way; a readiness check of its own has no hook here
        var response = Awaitility.await("the second upload refused").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20))
                .until(() -> given().contentType(ContentType.TEXT).body("z".repeat(2000)).when().post("/v1/tool-outputs?tool=t"),
                        answer -> answer.statusCode() == 503);
        response.then().contentType("application/problem+json").header("Retry-After", notNullValue())
                .body("detail", containsString("toolspill.ingest.max-concurrent"));
    }

    @Test
    void jsonShapesPastTheScanBudgetsAreRefusedAsJsonOrStoredAsText() {
        String longString = "{\"s\": \"" + "a".repeat(3000) + "\"}";
        String longNumber = "[" + "9".repeat(60) + ", " + "1, ".repeat(400) + "1]";
        String deep = "[".repeat(25) + "1" + "]".repeat(25) + " ".repeat(900);
        for (String json : new String[] {longString, longNumber, deep}) {
            given().contentType(ContentType.JSON).body(json).when().post("/v1/tool-outputs?tool=t").then().statusCode(400)
                    .contentType("application/problem+json").body("detail", containsString("toolspill.scan.max-"));
            given().contentType(ContentType.TEXT).body(json).when().post("/v1/tool-outputs?tool=t").then().statusCode(200)
                    .body("blob.kind", equalTo("text"));
        }
    }

    @Test
    void keysPastTheIndexBudgetAreCountedAndStillReadable() {
        String json = IntStream.range(0, 60).mapToObj(i -> "\"k" + i + "\": " + (i == 45 ? "{\"deep\": [45]}" : String.valueOf(i)))
                .collect(Collectors.joining(", ", "{\"pad\": \"" + "p".repeat(900) + "\", ", ", \"k3\": \"last wins\", \"k50\": \"again\"}"));
        String id = given().contentType(ContentType.JSON).body(json).when().post("/v1/tool-outputs?tool=t").then().statusCode(200)
                // k3 repeats within the index budget and counts once; k50 repeats past it and is counted as it comes
                .body("blob.keys", equalTo(62))
                .extract().path("blob.id");
        given().queryParam("selector", "key:k45").when().get("/v1/blobs/" + id + "/inspect").then().statusCode(200)
                .body(equalTo("{\"deep\": [45]}"));
        given().queryParam("selector", "key:k59").when().get("/v1/blobs/" + id + "/inspect").then().statusCode(200).body(equalTo("59"));
        given().queryParam("selector", "key:k3").when().get("/v1/blobs/" + id + "/inspect").then().statusCode(200)
                .body(equalTo("\"last wins\""));
        given().queryParam("selector", "key:k50").when().get("/v1/blobs/" + id + "/inspect").then().statusCode(200)
                .body(equalTo("\"again\""));
        given().queryParam("selector", "key:nope").when().get("/v1/blobs/" + id + "/inspect").then().statusCode(400)
                .body("detail", containsString("no top-level key"));
    }

    private String raw(String request) throws Exception {
        try (Socket socket = new Socket(root.getHost(), root.getPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
