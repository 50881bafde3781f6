package dev.toolspill.api;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;

/**
 * A tool name or call id is at most 256 chars: longer ones are refused before anything runs or is recorded (an attack
 * sent 7 MB call ids, each kept whole in the call ledger, until the console's list of them ran the heap out).
 */
@QuarkusTest
class LongNamesTest {

    @Test
    void anUploadNamingAToolOf257CharsIsRefused() {
        given().contentType(ContentType.TEXT).body("an output").when().post("/v1/tool-outputs?tool=" + "t".repeat(257)).then()
                .statusCode(400).contentType("application/problem+json").body("detail", containsString("over 256 chars"));
        given().contentType(ContentType.TEXT).body("an output").when().post("/v1/tool-outputs?tool=" + "t".repeat(256)).then()
                .statusCode(200);
    }

    @Test
    void aBatchWithACallIdOrToolNameOver256CharsIsRefused() {
        given().contentType(ContentType.JSON).body("{\"calls\":[{\"id\":\"" + "i".repeat(257) + "\",\"name\":\"echo\",\"arguments\":{\"text\":\"x\"}}]}")
                .when().post("/v1/tool-calls").then().statusCode(400).contentType("application/problem+json")
                .body("detail", containsString("over 256 chars"));
        given().contentType(ContentType.JSON).body("{\"calls\":[{\"id\":\"1\",\"name\":\"" + "n".repeat(257) + "\",\"arguments\":{}}]}")
                .when().post("/v1/tool-calls").then().statusCode(400).contentType("application/problem+json");
        given().contentType(ContentType.JSON).body("{\"calls\":[{\"id\":\"" + "i".repeat(256) + "\",\"name\":\"echo\",\"arguments\":{\"text\":\"x\"}}]}")
                .when().post("/v1/tool-calls").then().statusCode(200);
    }
}
