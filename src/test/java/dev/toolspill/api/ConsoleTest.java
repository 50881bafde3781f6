package dev.toolspill.api;

import dev.toolspill.http.Problem;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The console's data with authentication on: a tenant's calls are in the ledger with what its model received, a
 * stored call's blob reads a page at a time through inspect's selectors, another tenant gets the same 404 as an unknown
 * id for both, and an operator sees every tenant's. The pages themselves are static and carry the hardening headers.
 */
@QuarkusTest
@TestProfile(AuthProfileTest.Profile.class)
class ConsoleTest {

    static final String OPERATOR_KEY = "key-of-the-operator-31c9aa07";
    static final String A = TenantsContractTest.KEY_A;
    static final String B = TenantsContractTest.KEY_B;

    static JsonPath calls(String key, String query) {
        return TenantsContractTest.as(key).when().get("/console/api/calls" + query).then().statusCode(200).extract().jsonPath();
    }

    @Test
    void aTenantSeesItsCallsAndTheirFullOutputAndNoOtherTenantDoes() {
        String marker = "marker-" + UUID.randomUUID();
        String output = ("line of " + marker + " output\n").repeat(3000);
        String blob = TenantsContractTest.as(A).contentType(ContentType.TEXT).body(output).when().post("/v1/tool-outputs?tool=" + marker)
                .then().statusCode(200).extract().path("blob.id");
        TenantsContractTest.as(A).contentType(ContentType.JSON)
                .body(Map.of("calls", List.of(Map.of("id", "c1", "name", "echo", "arguments", Map.of("text", marker + " <b>&amp;</b>")))))
                .when().post("/v1/tool-calls").then().statusCode(200);

        Awaitility.await("the ledger is written").atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100))
                .until(() -> calls(A, "?tool=" + marker).getList("calls").size() == 1 && calls(A, "?tool=echo").getList("calls").stream()
                        .anyMatch(call -> "c1".equals(((Map<?, ?>) call).get("call_id"))));

        JsonPath stored = calls(A, "?tool=" + marker);
        String id = stored.getString("calls[0].id");
        assertEquals("stored", stored.getString("calls[0].disposition"));
        assertEquals(blob, stored.getString("calls[0].blob_id"));
        assertEquals(output.length(), stored.getLong("calls[0].tool_bytes"));
        assertEquals(1, stored.getLong("totals[0].calls"));
        assertTrue(stored.getLong("total.kept_out_bytes") > 0, "the blob kept bytes out of the history");
        assertTrue(stored.getLong("total.history_tokens") > 0, "tokens are counted");

        TenantsContractTest.as(A).when().get("/console/api/calls/" + id).then().statusCode(200)
                .body("answer", containsString("[blob:" + blob)).body("tenant", equalTo("team-a")).body("kind", equalTo("ingest"));
        TenantsContractTest.as(A).queryParam("selector", "lines:2000-2001").when().get("/console/api/blobs/" + blob + "/inspect").then()
                .statusCode(200).body("text", equalTo(("line of " + marker + " output\n").repeat(2)));
        TenantsContractTest.as(A).queryParam("selector", "grep:\"" + marker + "\" max:2").when().get("/console/api/blobs/" + blob + "/inspect")
                .then().statusCode(200).body("text", containsString(marker)).body("next", containsString("grep:"));

        String unknown = System.currentTimeMillis() + "-00000000";
        String unknownCall = TenantsContractTest.as(B).when().get("/console/api/calls/" + unknown).then().statusCode(404).extract().path("detail");
        TenantsContractTest.as(B).when().get("/console/api/calls/" + id).then().statusCode(404).body("detail", equalTo(unknownCall));
        TenantsContractTest.as(B).when().get("/console/api/blobs/" + blob + "/inspect").then().statusCode(404);
        assertTrue(calls(B, "?tool=" + marker).getList("calls").isEmpty(), "team-b lists none of team-a's calls");
        assertTrue(calls(B, "?tool=" + marker + "&tenant=team-a").getList("calls").isEmpty(), "a tenant cannot ask for another's");

        assertEquals(1, calls(OPERATOR_KEY, "?tool=" + marker).getList("calls").size(), "the operator sees every tenant");
        TenantsContractTest.as(OPERATOR_KEY).when().get("/console/api/calls/" + id).then().statusCode(200);
        TenantsContractTest.as(OPERATOR_KEY).queryParam("selector", "lines:1-1").when().get("/console/api/blobs/" + blob + "/inspect")
                .then().statusCode(200).body("text", equalTo("line of " + marker + " output\n"));
        TenantsContractTest.as(OPERATOR_KEY).when().get("/console/api/me").then().body("operator", equalTo(true));
        TenantsContractTest.as(A).when().get("/console/api/me").then().body("operator", equalTo(false)).body("tenant", equalTo("team-a"));
    }

    @Test
    void aRangeOutsideTheLedgersYearsIsAClearRefusal() {
        TenantsContractTest.as(A).queryParam("to", "+1000000000-12-31T23:59:59Z").when().get("/console/api/calls").then()
                .statusCode(400).contentType(Problem.MEDIA_TYPE).body("detail", containsString("between 1970 and 9999"));
    }

    @Test
    void theDataNeedsAKeyAndThePagesAreStaticAndHardened() {
        given().when().get("/console/api/calls").then().statusCode(401);
        for (String page : ConsoleRoutes.OPEN) {
            given().when().get(page).then().statusCode(200)
                    .header("Content-Security-Policy", containsString("script-src 'self'"))
                    .header("Content-Security-Policy", containsString("frame-ancestors 'none'"))
                    .header("Cache-Control", "no-store")
                    .header("X-Content-Type-Options", "nosniff")
                    .header("Set-Cookie", org.hamcrest.Matchers.nullValue());
        }
        given().when().get("/console").then().body(not(containsString("<script>"))).body(containsString("src=\"/console/console.js\""));
        TenantsContractTest.as(A).when().get("/console/api/me").then().statusCode(200).header("Cache-Control", "no-store")
                .header("Content-Security-Policy", ConsoleRoutes.POLICY).body("ledger", org.hamcrest.Matchers.equalTo("on"));
    }
}
