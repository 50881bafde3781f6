package dev.toolspill.pipeline;

import dev.toolspill.api.NoStoreProfileTest;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pins the phase order without a blob store, where the limit is the only guard: interceptors see the
 * full output, and the limit applies to what they put in.
 */
@QuarkusTest
@TestProfile(NoStoreProfileTest.Profile.class) // no store, and a limit of 1000 bytes (echo's among them): one application for both
class PipelinePhasesTest {

    @Test
    void interceptorsSeeTheFullOutputAndTheLimitCutsWhatTheyReturn() {
        Response response = given().contentType(ContentType.JSON)
                .body("{\"calls\":[{\"id\":\"intercept-1\",\"name\":\"echo\",\"arguments\":{\"text\":\"ab\",\"times\":3000}}]}")
                .when().post("/v1/tool-calls");
        response.then().statusCode(200);

        assertEquals(List.of("shouting:6000", "expanding:6000"), TestInterceptors.SEEN.get("intercept-1"),
                "both interceptors, in @Priority order, saw all 6000 bytes although the limit is 1000");
        String output = response.path("results[0].output");
        int marker = output.indexOf("\n[truncated: ");
        String kept = output.substring(0, marker);
        assertTrue(kept.startsWith("ABABAB"), "the limit cut the interceptors' output, not the tool's");
        long full = 6000 + 1 + 40_000;
        long dropped = full - kept.getBytes(StandardCharsets.UTF_8).length;
        assertEquals("\n[truncated: " + dropped + " bytes dropped, refine your query]", output.substring(marker));
        assertTrue(output.getBytes(StandardCharsets.UTF_8).length <= 1000);
        assertEquals((int) dropped, (int) response.path("results[0].truncated.dropped_bytes"));
    }
}
