package dev.toolspill.api;

import dev.toolspill.http.Problem;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

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
 * <p>
 * What is around the key has classes of their own on the same application: {@link AuthConnectionsTest} (a refused
 * upload's connection) and {@link AuthManagementTest} (what stays open, what is on the management port only).
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
    void pathSpellingsDoNotGetPastTheKey() {
        for (String path : List.of("//v1/tools", "/v1/./tools", "/q/../v1/tools", "/v1/%74ools", "/V1/tools", "/v1/tools/", "/v1/tools;x=1")) {
            int status = given().urlEncodingEnabled(false).get(path).statusCode();
            assertNotEquals(200, status, path + " answered without a key");
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
