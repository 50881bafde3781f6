package dev.toolspill.api;

import dev.toolspill.http.Problem;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.auth.TestJwts;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * JWTs of a configured issuer beside an API key, through the real HTTP layer: a JWT's tenant claim is the same tenant
 * as the API keys' tenant of that name (its blobs, its tools, /mcp included), and every JWT that does not verify, or
 * names no valid tenant, is refused exactly as a wrong API key is, without repeating the token.
 */
@QuarkusTest
@TestProfile(AuthJwtQuotasProfile.class) // with TenantLimitsTest and FuzzFsTest: one application
class JwtAuthTest {

    static final String KEY_A = "api-key-of-team-a-3c81f0";
    static final String WRONG_KEY = "not-a-configured-key-77d2";
    static final ObjectMapper MAPPER = new ObjectMapper();

    static RequestSpecification as(String token) {
        return given().header("Authorization", "Bearer " + token);
    }

    static String storeAs(String token) {
        return as(token).contentType(ContentType.TEXT).body("a line of an output stored with a JWT\n".repeat(100))
                .when().post("/v1/tool-outputs?tool=t").then().statusCode(200).extract().path("blob.id");
    }

    static JsonNode mcpAs(String token, String method, String params) throws Exception {
        String body = as(token).contentType(ContentType.JSON).accept("application/json, text/event-stream")
                .body("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"" + method + "\",\"params\":" + params + "}")
                .post("/mcp").then().statusCode(200).extract().asString();
        return MAPPER.readTree(body);
    }

    @Test
    void aJwtOfTeamAWritesAndReadsItsBlobAndTeamAsApiKeyReadsItToo() {
        String jwtA = TestJwts.of("team-a");
        String id = storeAs(jwtA);

        as(jwtA).get("/v1/blobs/" + id).then().statusCode(200).body(startsWith("a line of an output stored with a JWT"));
        as(jwtA).queryParam("selector", "lines:2-2").get("/v1/blobs/" + id + "/inspect").then().statusCode(200);
        as(KEY_A).get("/v1/blobs/" + id).then().statusCode(200).body(startsWith("a line of an output stored with a JWT"));
        String ofTheKey = storeAs(KEY_A);
        as(jwtA).get("/v1/blobs/" + ofTheKey).then().statusCode(200);
        given().header("Authorization", "bearer " + jwtA).get("/v1/tools").then().statusCode(200);
    }

    @Test
    void aJwtOfTeamBFindsNothingOfTeamAs() {
        String id = storeAs(TestJwts.of("team-a"));
        String jwtB = TestJwts.of("team-b");
        Response asB = as(jwtB).get("/v1/blobs/" + id);
        asB.then().statusCode(404).contentType(Problem.MEDIA_TYPE);
        as(jwtB).queryParam("selector", "lines:1-1").get("/v1/blobs/" + id + "/inspect").then().statusCode(404);
        as(jwtB).get("/v1/blobs/" + storeAs(jwtB)).then().statusCode(200);
    }

    @Test
    void mcpWithAJwtServesTheTenantsTools() throws Exception {
        String jwtB = TestJwts.of("team-b");
        JsonNode initialized = mcpAs(jwtB, "initialize",
                "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"jwt-test\",\"version\":\"1\"}}");
        assertTrue(initialized.path("result").has("serverInfo"), initialized.toString());
        List<String> tools = new ArrayList<>();
        mcpAs(jwtB, "tools/list", "{}").path("result").path("tools").forEach(tool -> tools.add(tool.path("name").asText()));
        assertEquals(List.of("echo", "inspect"), tools.stream().sorted().toList(), "team-b's allow-list holds for its JWTs too");
        assertTrue(mcpAs(TestJwts.of("team-a"), "tools/list", "{}").path("result").path("tools").size() > 2, "team-a has every tool");
    }

    /** Every token that must not get in, by what is wrong with it. */
    static Map<String, String> refusedTokens() {
        long now = Instant.now().getEpochSecond();
        Map<String, String> tokens = new LinkedHashMap<>();
        tokens.put("expired", TestJwts.signed(TestJwts.claims("team-a").issuedAt(now - 3600).expiresAt(now - 600)));
        tokens.put("not yet valid", TestJwts.signed(TestJwts.claims("team-a").claim("nbf", now + 600).expiresAt(now + 1200)));
        tokens.put("wrong issuer", TestJwts.signed(TestJwts.claims("team-a").issuer("https://elsewhere.example.test")));
        tokens.put("wrong audience", TestJwts.signed(TestJwts.claims("team-a").audience("someone-else")));
        tokens.put("no audience", TestJwts.signed(TestJwts.claims("team-a").remove("aud")));
        tokens.put("no expiry", TestJwts.signedJson("{\"iss\":\"" + TestJwts.ISSUER + "\",\"aud\":\"" + TestJwts.AUDIENCE
                + "\",\"tenant\":\"team-a\",\"iat\":" + now + "}"));
        tokens.put("bad signature", TestJwts.signedByAnotherKey(TestJwts.claims("team-a")));
        tokens.put("alg none", TestJwts.unsigned("{\"iss\":\"" + TestJwts.ISSUER + "\",\"aud\":\"" + TestJwts.AUDIENCE
                + "\",\"tenant\":\"team-a\",\"iat\":" + now + ",\"exp\":" + (now + 300) + "}"));
        tokens.put("HS256 keyed with the public key", TestJwts.signedWithThePublicKeyAsASecret(TestJwts.claims("team-a")));
        tokens.put("no tenant claim", TestJwts.signed(TestJwts.claims("team-a").remove("tenant")));
        tokens.put("tenant not a name", TestJwts.signed(TestJwts.claims("team-a").claim("tenant", "team a/../b")));
        tokens.put("tenant not a string", TestJwts.signed(TestJwts.claims("team-a").claim("tenant", 42)));
        tokens.put("tenant too long", TestJwts.signed(TestJwts.claims("team-a").claim("tenant", "t".repeat(65))));
        tokens.put("garbage in three segments", "abc.def.ghi");
        String valid = TestJwts.of("team-a");
        tokens.put("payload swapped", valid.substring(0, valid.indexOf('.') + 1)
                + TestJwts.of("team-b").split("\\.")[1] + valid.substring(valid.lastIndexOf('.')));
        return tokens;
    }

    @Test
    void everyJwtThatDoesNotProveATenantIsRefusedExactlyAsAWrongKeyIs() {
        String id = storeAs(KEY_A);
        Response wrongKey = as(WRONG_KEY).get("/v1/blobs/" + id);
        wrongKey.then().statusCode(401).contentType(Problem.MEDIA_TYPE);
        refusedTokens().forEach((what, token) -> {
            for (Response response : List.of(as(token).get("/v1/blobs/" + id), as(token).get("/v1/tools"),
                    as(token).contentType(ContentType.TEXT).body("x").post("/v1/tool-outputs?tool=t"))) {
                assertEquals(401, response.statusCode(), what + " was let in");
                response.then().statusCode(401).contentType(Problem.MEDIA_TYPE)
                        .header("WWW-Authenticate", equalTo(wrongKey.header("WWW-Authenticate")))
                        .header("Cache-Control", equalTo("no-store"))
                        .body("title", equalTo("Unauthorized"))
                        .body("status", equalTo(401))
                        .body("detail", startsWith("the bearer token is not valid here"));
                assertEquals(wrongKey.asString(), response.asString(), what + ": the same answer as a wrong key");
                assertFalse(response.asString().contains(token), what + ": the token was repeated");
                assertFalse(response.headers().toString().contains(token), what + ": the token was repeated in a header");
            }
        });
    }

    @Test
    void aRefusedJwtDoesNotReachMcpEither() {
        Response response = as(refusedTokens().get("expired")).contentType(ContentType.JSON).accept("application/json, text/event-stream")
                .body("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{}}").post("/mcp");
        response.then().statusCode(401).contentType(Problem.MEDIA_TYPE).header("WWW-Authenticate", startsWith("Bearer"));
    }

    @Test
    void aValidJwtWithADeeplyNestedClaimIsStillJustItsTenantNotAServerError() {
        // 5000 nested arrays in a custom claim the service never reads: SmallRye turned every custom claim into Jakarta JSON
        // recursively, so the stack overflowed and a valid token got a 500 (and an ERROR log) instead of its tenant
        long now = Instant.now().getEpochSecond();
        String token = TestJwts.signedJson("{\"iss\":\"" + TestJwts.ISSUER + "\",\"aud\":\"" + TestJwts.AUDIENCE + "\",\"iat\":" + now
                + ",\"exp\":" + (now + 300) + ",\"tenant\":\"team-a\",\"nested\":" + "[".repeat(5000) + "]".repeat(5000) + "}");
        assertTrue(dev.toolspill.auth.JwtTenants.looksLikeJwt(token), "still under the JWT length limit, so it is judged as a JWT");

        as(token).get("/v1/tools").then().statusCode(200);
    }

    @Test
    void theApiKeysStillWorkAndAWrongOneIsStillRefused() {
        as(KEY_A).get("/v1/tools").then().statusCode(200);
        as(WRONG_KEY).get("/v1/tools").then().statusCode(401);
        given().get("/v1/tools").then().statusCode(401);
    }
}
