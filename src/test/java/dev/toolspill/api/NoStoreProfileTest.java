package dev.toolspill.api;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

@QuarkusTest
@TestProfile(NoStoreProfileTest.Profile.class)
public class NoStoreProfileTest {

    /**
     * No store, every limit 1000 bytes, and the remote tools of a YAML file: one application for this class,
     * BlobContentNoStoreTest, PipelinePhasesTest and YamlToolsProfileTest (which only lists the YAML's tools).
     */
    public static class Profile implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("toolspill.blob-store.type", "none", "toolspill.limits.default", "1000",
                    "quarkus.config.locations", "yaml/tools.yaml", "toolspill.ledger.enabled", "false"); // ConsoleLedgerOffTest
        }
    }

    @Test
    void largeOutputsStayInlineAndOnlyTheLimitApplies() {
        String output = "a".repeat(5000);
        given().contentType(ContentType.TEXT).body(output).when().post("/v1/tool-outputs?tool=t").then()
                .statusCode(200)
                .body("blob", nullValue())
                .body("output", startsWith("aaaa"))
                .body("output", endsWith("[truncated: " + 4051 + " bytes dropped, refine your query]"))
                .body("truncated.dropped_bytes", equalTo(4051))
                .body("truncated.blob_id", nullValue());
    }

    @Test
    void mediumOutputsStayInlineWhole() {
        String output = "b".repeat(900);
        given().contentType(ContentType.TEXT).body(output).when().post("/v1/tool-outputs?tool=t").then()
                .statusCode(200).body("output", equalTo(output)).body("blob", nullValue());
    }

    @Test
    void inspectSaysThereIsNoStore() {
        given().when().get("/v1/blobs/019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70/inspect").then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("detail", containsString("no blob store is configured"));
    }

    @Test
    void aBlobReferenceSaysThereIsNoStoreWithOrWithoutASelector() {
        for (String ref : new String[] {"{\"$blob\":\"019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70\"}",
                "{\"$blob\":\"019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70\",\"selector\":\"lines:1-2\"}"}) {
            ToolCallsResourceTest.batch("{\"calls\":[{\"id\":\"1\",\"name\":\"echo\",\"arguments\":{\"text\":" + ref + "}}]}")
                    .then().statusCode(200)
                    .body("results[0].status", equalTo("error"))
                    .body("results[0].output", equalTo("argument 'text': no blob store is configured, so \"$blob\" references "
                            + "cannot be read; pass the value itself"));
        }
    }

    @Test
    void theStoreIsWellWithoutAStore() {
        given().when().get("/q/health/well").then().statusCode(200)
                .body("checks.find { it.name == 'blob-store' }.status", equalTo("UP"))
                .body("checks.find { it.name == 'blob-store' }.data.type", equalTo("none"));
    }

    @Test
    void readinessIsUpWithoutAStore() {
        given().when().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
    }
}
