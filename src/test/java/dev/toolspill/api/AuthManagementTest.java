package dev.toolspill.api;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.util.List;

import static dev.toolspill.api.AuthProfileTest.KEY_A;
import static dev.toolspill.api.AuthProfileTest.WRONG;
import static dev.toolspill.api.AuthProfileTest.as;
import static dev.toolspill.api.AuthProfileTest.storeWith;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * With authentication on, what needs no key: health stays open, and metrics and OpenAPI are on the management port
 * only, where no blob id of a refused request shows.
 */
@QuarkusTest
@TestProfile(AuthProfileTest.Profile.class) // with the API-key tests: one application
class AuthManagementTest {

    /** Relative to the management interface's root path, /q. */
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
}
