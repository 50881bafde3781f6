package dev.toolspill.api;

import dev.toolspill.http.Problem;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;

/** Without a blob store there is no blob to serve, and the answer says why. */
@QuarkusTest
@TestProfile(NoStoreProfileTest.Profile.class)
class BlobContentNoStoreTest {

    @Test
    void contentSaysThereIsNoStore() {
        given().when().get("/v1/blobs/019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70").then()
                .statusCode(404)
                .contentType(Problem.MEDIA_TYPE)
                .body("detail", containsString("no blob store is configured"));
        given().when().head("/v1/blobs/019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70").then().statusCode(404);
    }
}
