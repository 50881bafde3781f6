package dev.toolspill.api;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static dev.toolspill.TestDigests.sha256;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * With authentication on, through the real HTTP layer: every path but {@code /q/*} needs a configured API key as
 * {@code Authorization: Bearer <key>}; no key, another scheme or a wrong key answer 401 problem+json with
 * {@code WWW-Authenticate: Bearer}, and no answer repeats a key.
 */
@QuarkusTest
@TestProfile(AuthProfileTest.Profile.class)
public class AuthProfileTest {

    static final String KEY_A = "key-of-team-a-7f3c9d1e";
    static final String KEY_A2 = "second-key-of-team-a-0b4e";
    static final String KEY_B = "key-of-team-b-52aa81c0";
    static final String WRONG = "not-a-configured-key-9e1d";

    /**
     * Authentication on, with API keys only (JwtAuthTest, with an issuer configured, has an application of its own),
     * for this class and {@link TenantsFsTest} (one application for both): the tenants of
     * {@link TenantsContractTest#tenantsConfig} on its filesystem store (team-b may run only echo), each class's own
     * API keys, the benchmark baseline, and a path closed to everyone; and for {@link ConsoleTest}, an operator's key and
 * a ledger written every 100 ms. Also for {@link EventLoopNeverBlocksTest} (its
     * uploads are team-a's): Vert.x's blocked-thread checker warns of an event loop busy for 500 ms (2 s by default),
     * which that test listens for; for the others here it is only a log line. And for {@code KeyRotationTest}: a keys
     * file (its own tenant) read again every 100 ms.
     */
    public static class Profile implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            Map<String, String> config = new java.util.HashMap<>(TenantsContractTest.tenantsConfig(TenantsFsTest.ROOT.toString()));
            config.put("toolspill.auth.keys.\"team-a\"", String.join(",", sha256(TenantsContractTest.KEY_A), sha256(KEY_A), sha256(KEY_A2)));
            config.put("toolspill.auth.keys.\"team-b\"", String.join(",", sha256(TenantsContractTest.KEY_B), sha256(KEY_B)));
            config.put("toolspill.bench.noop", "true"); // the benchmark baseline is guarded like any endpoint
            config.put("toolspill.auth.keys.\"ops\"", sha256(ConsoleTest.OPERATOR_KEY)); // ConsoleTest: an operator sees every tenant
            config.put("toolspill.console.operators", "ops");
            config.put("toolspill.ledger.flush-interval", "100ms");
            // a path no identity may use: the 403 it answers is what any denial by the security layer looks like
            config.put("quarkus.http.auth.permission.closed.paths", "/v1/closed-in-tests");
            config.put("quarkus.http.auth.permission.closed.policy", "deny");
            config.put("quarkus.vertx.max-event-loop-execute-time", "500ms"); // EventLoopNeverBlocksTest
            config.put("toolspill.auth.keys-file", dev.toolspill.auth.KeyRotationTest.writeOld().toString());
            config.put("toolspill.auth.keys-file-interval", "100ms");
            return config;
        }
    }

    @TestHTTPResource("/")
    URL root;

    static RequestSpecification as(String key) {
        return given().header("Authorization", "Bearer " + key);
    }

    static String storeWith(String key) {
        return as(key).contentType(ContentType.TEXT).body("a line of a stored output\n".repeat(100))
                .when().post("/v1/tool-outputs?tool=t").then().statusCode(200).extract().path("blob.id");
    }

    /** Every endpoint under /v1, and /mcp, each as one request the given spec sends. */
    static Map<String, Function<RequestSpecification, Response>> endpoints(String id) {
        return Map.of(
                "POST /v1/tool-calls", spec -> spec.contentType(ContentType.JSON)
                        .body("{\"calls\":[{\"id\":\"1\",\"name\":\"echo\",\"arguments\":{\"text\":\"hi\"}}]}").post("/v1/tool-calls"),
                "POST /v1/tool-outputs", spec -> spec.contentType(ContentType.TEXT).body("short output").post("/v1/tool-outputs?tool=t"),
                "GET /v1/tools", spec -> spec.get("/v1/tools"),
                "GET /v1/blobs/{id}", spec -> spec.get("/v1/blobs/" + id),
                "HEAD /v1/blobs/{id}", spec -> spec.head("/v1/blobs/" + id),
                "GET /v1/blobs/{id}/inspect", spec -> spec.queryParam("selector", "lines:1-1").get("/v1/blobs/" + id + "/inspect"),
                "POST /v1/noop", spec -> spec.contentType(ContentType.TEXT).body("x").post("/v1/noop"),
                "POST /mcp", spec -> spec.contentType(ContentType.JSON).accept("application/json, text/event-stream")
                        .body("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"auth-test\",\"version\":\"1\"}}}").post("/mcp"));
    }

    static void assertUnauthorized(Response response, String endpoint, String detail) {
        response.then().statusCode(401)
                .header("WWW-Authenticate", startsWith("Bearer"));
        if (!endpoint.startsWith("HEAD")) {
            response.then().contentType(Problem.MEDIA_TYPE)
                    .body("status", equalTo(401))
                    .body("title", equalTo("Unauthorized"))
                    .body("detail", containsString(detail));
        }
    }

    @Test
    void everyEndpointWithoutAKeyIsUnauthorized() {
        String id = storeWith(KEY_A);
        endpoints(id).forEach((endpoint, send) -> {
            Response response = send.apply(given());
            assertUnauthorized(response, endpoint, "send it as 'Authorization: Bearer <key>'");
            response.then().header("WWW-Authenticate", equalTo("Bearer realm=\"toolspill\""));
        });
        given().delete("/v1/blobs/" + id).then().statusCode(401).contentType(Problem.MEDIA_TYPE);
        for (String other : List.of("/mcp", "/", "/v1/no-such-endpoint")) {
            assertUnauthorized(given().get(other), "GET " + other, "send it as 'Authorization: Bearer <key>'");
            assertUnauthorized(as(WRONG).get(other), "GET " + other, "the API key is not valid here");
        }
    }

    @Test
    void everyEndpointWithAWrongKeyIsUnauthorizedAndTheKeyIsNotRepeated() {
        String id = storeWith(KEY_A);
        endpoints(id).forEach((endpoint, send) -> {
            Response response = send.apply(as(WRONG));
            assertUnauthorized(response, endpoint, "the API key is not valid here");
            response.then().header("WWW-Authenticate", containsString("error=\"invalid_token\""));
            assertFalse(response.asString().contains(WRONG), endpoint + " repeated the key: " + response.asString());
            assertFalse(response.headers().toString().contains(WRONG), endpoint + " repeated the key in a header");
        });
    }

    @Test
    void withoutAJwtIssuerConfiguredAValidJwtIsJustAnUnknownKey() {
        String jwt = dev.toolspill.auth.TestJwts.of("team-a");
        Response response = as(jwt).get("/v1/tools");
        assertUnauthorized(response, "GET /v1/tools", "the API key is not valid here");
        assertFalse(response.asString().contains(jwt), "the token is not repeated");
    }

    @Test
    void anotherSchemeOrAnEmptyBearerIsUnauthorized() {
        given().header("Authorization", "Basic " + java.util.Base64.getEncoder().encodeToString(("u:" + KEY_A).getBytes()))
                .get("/v1/tools").then().statusCode(401).contentType(Problem.MEDIA_TYPE)
                .body("detail", containsString("does not hold a bearer key"));
        given().header("Authorization", "Bearer ").get("/v1/tools").then().statusCode(401);
        given().header("Authorization", KEY_A).get("/v1/tools").then().statusCode(401);
        as(KEY_A.toUpperCase()).get("/v1/tools").then().statusCode(401);
    }

    @Test
    void twoAuthorizationHeadersAreUnauthorizedWhicheverComesFirst() {
        for (List<String> keys : List.of(List.of(KEY_A, WRONG), List.of(WRONG, KEY_A), List.of(KEY_A, KEY_B))) {
            Response response = given().header("Authorization", "Bearer " + keys.get(0)).header("Authorization", "Bearer " + keys.get(1))
                    .get("/v1/tools");
            assertUnauthorized(response, "GET /v1/tools", "send exactly one");
            assertFalse(response.asString().contains(KEY_A), "the key is not repeated");
        }
        given().header("Authorization", "Bearer " + KEY_A).header("Authorization", "Bearer " + KEY_A2).contentType(ContentType.JSON)
                .body("{\"calls\":[]}").post("/v1/tool-calls").then().statusCode(401).contentType(Problem.MEDIA_TYPE);
    }

    @Test
    void everyEndpointWithARightKeySucceeds() {
        Map<String, Integer> expected = Map.of("POST /v1/noop", 204);
        for (String key : List.of(KEY_A, KEY_A2, KEY_B)) {
            String id = storeWith(key); // a tenant reads its own blobs (another's answer 404: TenantsContractTest)
            endpoints(id).forEach((endpoint, send) -> send.apply(as(key)).then().statusCode(expected.getOrDefault(endpoint, 200)));
        }
        String ofTeamA = storeWith(KEY_A);
        as(KEY_A2).get("/v1/blobs/" + ofTeamA).then().statusCode(200); // another key of the same tenant
        given().header("Authorization", "bearer " + KEY_B).get("/v1/tools").then().statusCode(200);
    }

    /** Relative to the management interface's root path, /q. */
    /**
     * Over HTTP/2 (a proxy's connection carries other clients' streams) a request without a key whose body is on its
     * way gets its whole 401, and only its stream ends: the next exchange on the same connection is answered.
     */
    @Test
    void overHttp2ARefusedBodyGetsItsAnswerAndTheConnectionServesOn() throws Exception {
        try (Http2Exchange h2 = new Http2Exchange(root)) {
            io.vertx.core.http.HttpMethod post = io.vertx.core.http.HttpMethod.POST;
            Http2Exchange.Answer refused = h2.send(post, "/v1/tool-outputs?tool=t", Map.of("Content-Type", "text/plain"),
                    "line of output\n".repeat(200_000), false);
            org.junit.jupiter.api.Assertions.assertEquals(401, refused.status(), refused.body());
            org.junit.jupiter.api.Assertions.assertTrue(refused.body().contains("\"status\":401"), refused.body());
            Http2Exchange.Answer stored = h2.send(post, "/v1/tool-outputs?tool=t", Map.of("Content-Type", "text/plain",
                    "Authorization", "Bearer " + KEY_A), "line of output\n".repeat(2_000), false);
            org.junit.jupiter.api.Assertions.assertEquals(200, stored.status(), stored.body());
        }
    }

    @TestHTTPResource(value = "/metrics", management = true)
    URL metricsUrl;

    @TestHTTPResource(value = "/openapi", management = true)
    URL openApiUrl;

    @Test
    void healthStaysOpenEvenWithAWrongKey() {
        for (String path : List.of("/q/health", "/q/health/live", "/q/health/ready", "/q/health/started")) {
            given().get(path).then().statusCode(200);
            as(WRONG).get(path).then().statusCode(200);
        }
    }

    @Test
    void metricsAndOpenApiAreOnTheManagementPortOnly() {
        given().get(metricsUrl).then().statusCode(200);
        given().get(openApiUrl).then().statusCode(200);
        for (String path : List.of("/q/metrics", "/q/openapi")) {
            int status = as(KEY_A).get(path).statusCode();
            assertTrue(status == 404, path + " on the main port answered " + status);
        }
    }

    @Test
    void authenticatedAnswersArePrivateToTheCallerAndVaryByAuthorization() {
        String id = storeWith(KEY_A);
        for (Response answer : List.of(as(KEY_A).get("/v1/blobs/" + id), as(KEY_A).head("/v1/blobs/" + id),
                as(KEY_A).header("If-None-Match", "\"" + id + "\"").get("/v1/blobs/" + id),
                as(KEY_A).queryParam("selector", "lines:1-2").get("/v1/blobs/" + id + "/inspect"), as(KEY_A).get("/v1/tools"),
                as(KEY_B).get("/v1/blobs/" + id), given().get("/v1/blobs/" + id))) {
            String cacheControl = answer.header("Cache-Control");
            assertTrue(cacheControl != null && (cacheControl.startsWith("private") || cacheControl.equals("no-store")) && !cacheControl.contains("public"),
                    answer.statusCode() + " Cache-Control " + cacheControl);
            assertTrue(answer.header("Vary") != null && answer.header("Vary").contains("Authorization"), answer.statusCode() + " Vary " + answer.header("Vary"));
        }
        as(KEY_A).get("/v1/blobs/" + id).then().statusCode(200).header("Cache-Control", "private, max-age=31536000, immutable");
    }

    @Test
    void theOpenMetricsNeverShowABlobIdFromARefusedPath() {
        String id = storeWith(KEY_A);
        as(WRONG).get("/v1/blobs/" + id).then().statusCode(401);
        given().queryParam("selector", "lines:1-1").get("/v1/blobs/" + id + "/inspect").then().statusCode(401);
        as(WRONG).post("/v1/blobs/" + id + "/verify").then().statusCode(401);
        given().urlEncodingEnabled(false).get("/v1/blobs/" + id + "/x/y").then().statusCode(401);
        String metrics = given().get(metricsUrl).then().statusCode(200).extract().asString();
        assertFalse(metrics.contains(id), "a blob id is on /q/metrics");
        assertTrue(metrics.contains("uri=\"/v1/blobs/{id}\""), "the refused read is counted under its template");
    }

    @Test
    void pathSpellingsDoNotGetPastTheKey() {
        for (String path : List.of("//v1/tools", "/v1/./tools", "/q/../v1/tools", "/v1/%74ools", "/V1/tools", "/v1/tools/", "/v1/tools;x=1")) {
            int status = given().urlEncodingEnabled(false).get(path).statusCode();
            assertNotEquals(200, status, path + " answered without a key");
        }
    }

    /** Sends only the headers of a request that announces a large body; {@link #answerTo} reads what comes back. */
    Socket headersOnly(String method, String path, String contentType, long contentLength, String key) throws Exception {
        Socket socket = new Socket(root.getHost(), root.getPort());
        socket.setSoTimeout(10_000);
        String authorization = key == null ? "" : "Authorization: Bearer " + key + "\r\n";
        socket.getOutputStream().write((method + " " + path + " HTTP/1.1\r\nHost: x\r\nContent-Type: " + contentType
                + "\r\nContent-Length: " + contentLength + "\r\n" + authorization + "\r\n").getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        return socket;
    }

    /** Everything the server sends until it closes the connection (or 10 s pass, and the read fails). */
    static String answerTo(Socket socket) throws Exception {
        try (socket) {
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /**
     * The four uploads go out together, so their connections linger at the same time: each ends at most
     * {@code toolspill.pipeline.linger-timeout} after its answer (the test profile's 1 s), and the test waits that once.
     */
    @Test
    void anUnauthenticatedUploadIsRefusedBeforeItsBodyIsReadAndItsConnectionClosed() throws Exception {
        Map<String, Socket> sent = new java.util.LinkedHashMap<>();
        try {
            for (String[] upload : new String[][] {{"/v1/tool-outputs?tool=t", "text/plain"}, {"/v1/tool-calls", "application/json"}}) {
                for (String key : java.util.Arrays.asList(null, WRONG)) {
                    // 100 MB announced, none sent: the answer comes from the headers alone, and the connection ends with it
                    sent.put(upload[0] + " with key " + key, headersOnly("POST", upload[0], upload[1], 100_000_000L, key));
                }
            }
            for (Map.Entry<String, Socket> upload : sent.entrySet()) {
                String answer = answerTo(upload.getValue());
                assertTrue(answer.startsWith("HTTP/1.1 401 "), upload.getKey() + " answered " + answer);
                assertTrue(answer.contains("application/problem+json"), answer);
                assertTrue(answer.toLowerCase(java.util.Locale.ROOT).contains("connection: close"), answer);
                assertFalse(answer.contains(WRONG), answer);
            }
        } finally {
            for (Socket socket : sent.values()) {
                socket.close();
            }
        }
    }

    @Test
    void aPathNoIdentityMayUseIsForbiddenAsProblemJson() {
        as(KEY_A).get("/v1/closed-in-tests").then().statusCode(403)
                .contentType(Problem.MEDIA_TYPE)
                .body("status", equalTo(403))
                .body("detail", not(containsString(KEY_A)));
        given().get("/v1/closed-in-tests").then().statusCode(401);
    }
}
