package dev.toolspill.api;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@QuarkusTest
@TestProfile(TightBudgetsProfile.class) // tool tiny's 200-byte limit and the 4096-byte upload cap, with BudgetsProfileTest
class LimitsProfileTest {

    @Test
    void aPerToolLimitCutsAndStoresTheFullOutputFirst() {
        String output = "ünïcödé line\n".repeat(40);
        Response response = given().contentType(ContentType.TEXT).body(output.getBytes(StandardCharsets.UTF_8))
                .when().post("/v1/tool-outputs?tool=tiny");
        response.then().statusCode(200).body("blob.kind", equalTo("text"));
        String text = response.path("output");
        String blobId = response.path("blob.id");
        assertTrue(text.getBytes(StandardCharsets.UTF_8).length <= 200, text);
        int marker = text.indexOf("\n[truncated: ");
        String kept = text.substring(0, marker);
        assertTrue(output.startsWith(kept));
        long dropped = output.getBytes(StandardCharsets.UTF_8).length - kept.getBytes(StandardCharsets.UTF_8).length;
        assertEquals("\n[truncated: " + dropped + " bytes dropped, refine your query] full output: [blob:" + blobId + "]",
                text.substring(marker));
        response.then().body("truncated.dropped_bytes", equalTo((int) dropped)).body("truncated.blob_id", equalTo(blobId));

        given().queryParam("selector", "lines:1-40").when().get("/v1/blobs/" + blobId + "/inspect")
                .then().statusCode(200).body(equalTo(output));
    }

    @Test
    void otherToolsKeepTheDefaultLimit() {
        String output = "x".repeat(700);
        given().contentType(ContentType.TEXT).body(output).when().post("/v1/tool-outputs?tool=other")
                .then().statusCode(200).body("output", equalTo(output)).body("truncated", nullValue());
    }

    @Test
    void aBodyOverTheIngestCapIsRefused() {
        given().contentType(ContentType.TEXT).body("z".repeat(4097)).when().post("/v1/tool-outputs?tool=t")
                .then().statusCode(413)
                .contentType("application/problem+json")
                .body("detail", containsString("toolspill.ingest.max-bytes = 4096"));
        given().contentType(ContentType.TEXT).body("z".repeat(4096)).when().post("/v1/tool-outputs?tool=t")
                .then().statusCode(200);
    }
}
