package dev.toolspill.api;

import dev.toolspill.http.Problem;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A blob answers to one spelling of its id only. Each alias below names the same 128 bits as the blob's id (a lenient
 * parser such as {@code UUID.fromString} reads most of them as that very id), and every read path refuses it with a 400
 * that says what an id looks like.
 */
@QuarkusTest
class BlobIdAliasesTest {

    private static final String TEXT = "a stored line\n".repeat(100);

    static String storedId() {
        return given().contentType(ContentType.TEXT).body(TEXT.getBytes(StandardCharsets.UTF_8))
                .when().post("/v1/tool-outputs?tool=t").then().statusCode(200).extract().path("blob.id");
    }

    /** Spellings of {@code id} that are not its canonical form but that a lenient parser maps to the same UUID. */
    static List<String> aliases(String id) {
        assertTrue(id.startsWith("0"), "a UUIDv7 of this century starts with 0: " + id);
        return List.of(
                id.toUpperCase(),
                "+" + id.substring(1),                 // a sign instead of a leading zero
                "\uFF10" + id.substring(1),            // a full-width zero
                "\u0660" + id.substring(1),            // an Arabic-Indic zero
                id.substring(1),                       // the leading zero left out
                id.replace("-", ""));
    }

    @Test
    void theCanonicalIdReadsTheBlob() {
        String id = storedId();
        given().when().get("/v1/blobs/" + id).then().statusCode(200).body(equalTo(TEXT));
        given().when().head("/v1/blobs/" + id).then().statusCode(200);
        given().queryParam("selector", "lines:1-1").when().get("/v1/blobs/" + id + "/inspect").then().statusCode(200)
                .body(equalTo("a stored line\n"));
    }

    @Test
    void everyAliasIsABadRequestOnEveryReadPath() {
        String id = storedId();
        for (String alias : aliases(id)) {
            given().when().get("/v1/blobs/" + alias).then().statusCode(400)
                    .contentType(Problem.MEDIA_TYPE)
                    .body("status", equalTo(400))
                    .body("detail", containsString("is not a blob id"))
                    .body("detail", containsString("lower-case 0-9a-f in groups of 8-4-4-4-12"));
            given().when().head("/v1/blobs/" + alias).then().statusCode(400).contentType(Problem.MEDIA_TYPE);
            given().queryParam("selector", "lines:1-1").when().get("/v1/blobs/" + alias + "/inspect").then().statusCode(400)
                    .contentType(Problem.MEDIA_TYPE)
                    .body("detail", containsString("is not a blob id"));
        }
    }

    @Test
    void theInspectToolRefusesAnAliasWithAMessageTheModelCanActOn() {
        String id = storedId();
        String alias = id.toUpperCase();
        given().contentType(ContentType.JSON)
                .body("{\"calls\":[{\"id\":\"1\",\"name\":\"inspect\",\"arguments\":{\"blob_id\":\"" + alias + "\"}}]}")
                .when().post("/v1/tool-calls").then().statusCode(200)
                .body("results[0].status", equalTo("error"))
                .body("results[0].output", containsString("is not a blob id"))
                .body("results[0].output", containsString("lower-case"));
    }
}
