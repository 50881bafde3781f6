package dev.toolspill.blob.spool;

import dev.toolspill.api.TightBudgetsProfile;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.history.HistoryGate;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The store goes away under a running replica: outputs of its tools are spooled and served from the spool, the
 * replica stays ready while the store's health says DOWN, an upload is refused with 503, a full spool says so in the
 * result item, and when the store returns the spool uploads what it held, byte for byte.
 */
@QuarkusTest
@TestProfile(TightBudgetsProfile.class)
class FsOutageSpoolTest {

    private static final String OUTPUT = "0123456789".repeat(5000);

    @Inject
    BlobStore store;

    @AfterEach
    void storeBack() throws IOException {
        if (Files.isRegularFile(TightBudgetsProfile.STORE)) {
            Files.delete(TightBudgetsProfile.STORE);
        }
    }

    private static Response echo() {
        return given().contentType(ContentType.JSON)
                .body("{\"calls\":[{\"id\":\"1\",\"name\":\"echo\",\"arguments\":{\"text\":\"0123456789\",\"times\":5000}}]}")
                .when().post("/v1/tool-calls");
    }

    @Test
    void anOutageSpoolsLosesNothingAndTheSpoolUploadsWhenTheStoreReturns() throws IOException {
        echo().then().statusCode(200).body("results[0].disposition", equalTo("stored"));
        TightBudgetsProfile.breakStore();

        Response spooled = echo();
        spooled.then().statusCode(200)
                .body("results[0].status", equalTo("ok"))
                .body("results[0].disposition", equalTo("spooled"))
                .body("results[0].blob.spooled", equalTo(true))
                .body("results[0].blob.bytes", equalTo(OUTPUT.length()));
        String id = spooled.path("results[0].blob.id");
        org.hamcrest.MatcherAssert.assertThat(spooled.<String>path("results[0].output"), startsWith("[blob:" + id + "] text"));

        // this replica serves what it spooled: whole, a range, HEAD, inspect (the REST endpoint and the tool)
        assertEquals(OUTPUT, given().when().get("/v1/blobs/" + id).then().statusCode(200).extract().asString());
        given().header("Range", "bytes=10-19").when().get("/v1/blobs/" + id).then().statusCode(206).body(equalTo("0123456789"));
        given().when().head("/v1/blobs/" + id).then().statusCode(200).header("Content-Length", String.valueOf(OUTPUT.length()));
        given().queryParam("selector", "lines:1-1").when().get("/v1/blobs/" + id + "/inspect").then().statusCode(200);

        // ready, but the store's own health says DOWN, without naming where the store is
        given().when().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        given().when().get("/q/health/well").then().statusCode(503)
                .body("checks.find { it.name == 'blob-store' }.status", equalTo("DOWN"))
                .body("checks.find { it.name == 'blob-store' }.data.spooled-blobs", equalTo(1))
                .body("checks.find { it.name == 'blob-store' }.data.reason", not(containsString("spool-outage")));

        // an upload is not spooled: its sender still holds it and is told to retry
        given().contentType(ContentType.TEXT).body("x".repeat(3000)).when().post("/v1/tool-outputs?tool=t").then()
                .statusCode(503).contentType("application/problem+json").header("Retry-After", "5");

        // the spool has no room for a second output: the limit alone guards it, and the item says so in a field
        echo().then().statusCode(200)
                .body("results[0].disposition", equalTo("unstored"))
                .body("results[0].blob", nullValue())
                .body("results[0].output", endsWith(HistoryGate.UNSTORED));

        Files.delete(TightBudgetsProfile.STORE);
        int uploaded = ((SpoolingBlobStore) store).drainNow().await().atMost(Duration.ofSeconds(30));
        assertEquals(1, uploaded);
        assertArrayEquals(OUTPUT.getBytes(StandardCharsets.UTF_8),
                Files.readAllBytes(TightBudgetsProfile.STORE.resolve("blobs/" + id + ".txt")), "the store holds the spooled bytes");
        assertEquals(OUTPUT, given().when().get("/v1/blobs/" + id).then().statusCode(200).extract().asString());
        given().when().get("/q/health/well").then().statusCode(200).body("status", equalTo("UP"));
        echo().then().statusCode(200).body("results[0].disposition", equalTo("stored"));
    }
}
