package dev.toolspill.api;

import dev.toolspill.http.Problem;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fair limits per tenant through the real HTTP layer, with authentication on: a tenant past its requests a second
 * or its bytes a day gets 429 problem+json with Retry-After, and the other tenant is not held back by it. The
 * buckets refill slowly here (one request a minute), so the test never depends on how fast it runs.
 */
@QuarkusTest
@TestProfile(AuthJwtQuotasProfile.class) // tenants limits-a to limits-e, beside the JWT and fuzz tests' own
class TenantLimitsTest {

    static final String KEY_A = "limits-key-of-team-a-41c2";
    static final String KEY_B = "limits-key-of-team-b-93fe";
    static final String KEY_C = "limits-key-of-team-c-07aa";
    static final String KEY_D = "limits-key-of-team-d-5e21";
    static final String KEY_E = "limits-key-of-team-e-8c03";

    static RequestSpecification as(String key) {
        return given().header("Authorization", "Bearer " + key);
    }

    @Test
    void aTenantPastItsRateGets429WithRetryAfterAndTheOtherTenantDoesNot() {
        for (int i = 0; i < 3; i++) {
            as(KEY_A).when().get("/v1/tools").then().statusCode(200)
                    .header("X-Content-Type-Options", "nosniff");
        }
        Response refused = as(KEY_A).when().get("/v1/tools");
        refused.then().statusCode(429)
                .contentType(Problem.MEDIA_TYPE)
                .header("X-Content-Type-Options", "nosniff")
                .body("status", equalTo(429))
                .body("detail", containsString("toolspill.limits.requests-per-second"));
        long retryAfter = Long.parseLong(refused.header("Retry-After"));
        assertTrue(retryAfter >= 1 && retryAfter <= 61, "Retry-After " + retryAfter);

        as(KEY_B).when().get("/v1/tools").then().statusCode(200);
    }

    @Test
    void healthIsNeverLimited() {
        for (int i = 0; i < 10; i++) {
            given().when().get("/q/health/live").then().statusCode(200).header("X-Content-Type-Options", "nosniff");
        }
    }

    @Test
    void aBodyOverTheIngestCapIs413NotADaysBudgetSpent() throws Exception {
        // announced, never sent: 2 GB is over toolspill.ingest.max-bytes (1 GiB) and over the tenant's 3000 bytes a day
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", io.restassured.RestAssured.port)) {
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(("POST /v1/tool-outputs?tool=t HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + KEY_C
                    + "\r\nContent-Type: text/plain\r\nContent-Length: 2000000000\r\n\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            String status = new java.io.BufferedReader(new java.io.InputStreamReader(socket.getInputStream(),
                    java.nio.charset.StandardCharsets.US_ASCII)).readLine();
            assertEquals("HTTP/1.1 413 Request Entity Too Large", status);
        }
    }

    @Test
    void theDailyByteBudgetRefusesAnUploadThatWouldPassIt() {
        String output = "a line of a stored output\n".repeat(80); // 2080 bytes: stored, not inline
        as(KEY_C).contentType(ContentType.TEXT).body(output).when().post("/v1/tool-outputs?tool=t")
                .then().statusCode(200);

        Response refused = as(KEY_C).contentType(ContentType.TEXT).body(output).when().post("/v1/tool-outputs?tool=t");
        refused.then().statusCode(429)
                .contentType(Problem.MEDIA_TYPE)
                .body("detail", containsString("toolspill.limits.stored-bytes-per-day"))
                .body("detail", containsString("stored 2080 of its 3000 bytes"));
        long retryAfter = Long.parseLong(refused.header("Retry-After"));
        assertTrue(retryAfter >= 1 && retryAfter <= 86_400, "Retry-After " + retryAfter);

        // what is left of the budget still takes a smaller output
        as(KEY_C).contentType(ContentType.TEXT).body("x".repeat(900)).when().post("/v1/tool-outputs?tool=t")
                .then().statusCode(200);
        assertEquals(429, as(KEY_C).contentType(ContentType.TEXT).body("y".repeat(21)).when().post("/v1/tool-outputs?tool=t").statusCode(),
                "2980 bytes stored: 21 more would pass the 3000");
    }

    @Test
    void outputsThatToolsStoreCountAgainstTheDailyBudgetAndASpentBudgetRefusesTheNextBatch() {
        String call = "{\"calls\":[{\"id\":\"1\",\"name\":\"echo\",\"arguments\":{\"text\":\"a line a tool wrote\\n\",\"times\":%d}}]}";
        as(KEY_D).contentType(ContentType.JSON).body(call.formatted(160)).when().post("/v1/tool-calls") // 3200 bytes, stored
                .then().statusCode(200).body("results[0].blob.bytes", equalTo(3200));

        Response refused = as(KEY_D).contentType(ContentType.JSON).body(call.formatted(1)).when().post("/v1/tool-calls");
        refused.then().statusCode(429)
                .contentType(Problem.MEDIA_TYPE)
                .body("detail", containsString("stored 3200 of its 3000 bytes"));
        assertEquals(429, as(KEY_D).contentType(ContentType.TEXT).body("z".repeat(10)).when().post("/v1/tool-outputs?tool=t").statusCode(),
                "uploads and tools' outputs share one budget");
    }

    @Test
    void noSpellingOfAPathSkipsASpentBudget() throws Exception {
        String output = "a line of a stored output\n".repeat(80); // 2080 bytes: stored
        as(KEY_E).contentType(ContentType.TEXT).body(output).when().post("/v1/tool-outputs?tool=t").then().statusCode(200);
        as(KEY_E).contentType(ContentType.TEXT).body(output).when().post("/v1/tool-outputs?tool=t").then().statusCode(429);

        String call = "{\"calls\":[{\"id\":\"1\",\"name\":\"echo\",\"arguments\":{\"text\":\"a line a tool wrote\\n\",\"times\":160}}]}";
        java.util.List<String> stored = new java.util.ArrayList<>();
        for (String path : java.util.List.of("/v1/tool-outputs/?tool=t", "/v1/tool-outputs;x=1?tool=t", "/v1/tool-outputs/.?tool=t",
                "/v1/x/../tool-outputs?tool=t", "/v1/tool-outputs%2f?tool=t", "/v1/tool-calls/", "/v1/tool-calls;x=1", "/mcp/", "/mcp;x=1")) {
            boolean upload = path.startsWith("/v1/tool-outputs") || path.startsWith("/v1/x");
            RawHttp answer = RawHttp.send(root, "POST", path, java.util.Map.of("Authorization", "Bearer " + KEY_E,
                    "Content-Type", upload ? "text/plain" : "application/json", "Accept", "application/json, text/event-stream"),
                    (upload ? output : call).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            if (answer.status() < 300) {
                stored.add(path + " -> " + answer.status());
            }
        }
        assertEquals(java.util.List.of(), stored, "a spent day's budget was passed by another spelling of the path");
    }

    @io.quarkus.test.common.http.TestHTTPResource("/")
    java.net.URL root;
}
