package dev.toolspill.api;

import dev.toolspill.http.Problem;

import java.net.URL;
import io.quarkus.test.common.http.TestHTTPResource;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.emptyString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code DELETE /v1/blobs/{id}} through the HTTP layer; each subclass runs it on one store and looks at the store itself. */
abstract class BlobDeleteContractTest {

    /** OpenAPI is on the management interface (its own port). */
    @TestHTTPResource(value = "/openapi", management = true)
    URL openApiUrl;

    static final String LINES = IntStream.range(0, 200).mapToObj(i -> "line " + i + " of a stored output\n").collect(Collectors.joining());
    static final String ARRAY = IntStream.range(0, 200).mapToObj(i -> "{\"n\": " + i + "}").collect(Collectors.joining(", ", "[", "]"));

    /** Whether the store holds anything under this name ({@code blobs/<id>.txt}, {@code index/<id>.idx}), asked of it directly. */
    protected abstract boolean holds(String name);

    static String store(ContentType type, String body) {
        return given().contentType(type).body(body.getBytes(StandardCharsets.UTF_8))
                .when().post("/v1/tool-outputs?tool=t").then().statusCode(200)
                .body("blob.id", notNullValue()).extract().path("blob.id");
    }

    static void assertGone(String id) {
        given().when().get("/v1/blobs/" + id).then().statusCode(404).contentType(Problem.MEDIA_TYPE)
                .body("detail", containsString("no blob " + id));
        given().when().head("/v1/blobs/" + id).then().statusCode(404);
        given().when().get("/v1/blobs/" + id + "/inspect").then().statusCode(404).contentType(Problem.MEDIA_TYPE);
    }

    @Test
    void deleteRemovesTheBlobAndItsIndexAndEveryReadOfItIsNotFound() {
        String id = store(ContentType.TEXT, LINES);
        given().queryParam("selector", "lines:2-2").when().get("/v1/blobs/" + id + "/inspect").then()
                .statusCode(200).body(equalTo("line 1 of a stored output\n"));
        assertTrue(holds("blobs/" + id + ".txt"));

        given().when().delete("/v1/blobs/" + id).then().statusCode(204).body(emptyString());

        assertGone(id);
        assertFalse(holds("blobs/" + id + ".txt"), "the blob is gone from the store");
        assertFalse(holds("index/" + id + ".idx"), "its read index is gone from the store");
        given().when().delete("/v1/blobs/" + id).then().statusCode(404).contentType(Problem.MEDIA_TYPE);
    }

    @Test
    void deleteRightAfterTheUploadAlsoRemovesTheIndexStillBeingWritten() {
        String id = store(ContentType.JSON, ARRAY);
        given().when().delete("/v1/blobs/" + id).then().statusCode(204);
        assertGone(id);
        assertFalse(holds("blobs/" + id + ".json"));
        assertFalse(holds("index/" + id + ".idx"), "the index write that ingest started is not left behind");
    }

    @Test
    void otherBlobsAreUntouched() {
        String kept = store(ContentType.TEXT, LINES);
        String removed = store(ContentType.TEXT, LINES + "another output\n"); // the same bytes would be the same blob
        given().when().delete("/v1/blobs/" + removed).then().statusCode(204);
        assertArrayEquals(LINES.getBytes(StandardCharsets.UTF_8), given().when().get("/v1/blobs/" + kept).then().statusCode(200)
                .extract().asByteArray());
        given().queryParam("selector", "lines:200-200").when().get("/v1/blobs/" + kept + "/inspect").then()
                .statusCode(200).body(equalTo("line 199 of a stored output\n"));
    }

    @Test
    void anUnknownIdIsNotFound() {
        given().when().delete("/v1/blobs/019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70").then().statusCode(404)
                .contentType(Problem.MEDIA_TYPE)
                .body("status", equalTo(404))
                .body("detail", containsString("no blob 019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70"));
    }

    @Test
    void aMalformedIdIsABadRequest() {
        for (String bad : new String[] {"not-a-uuid", "019ad5a1-7c2e-4d3a-9f10-3b2c4d5e6f70"}) {
            given().when().delete("/v1/blobs/" + bad).then().statusCode(400)
                    .contentType(Problem.MEDIA_TYPE)
                    .body("status", equalTo(400))
                    .body("detail", containsString("is not a blob id"));
        }
    }

    @Test
    void openApiDocumentsTheDelete() {
        given().queryParam("format", "json").when().get(openApiUrl).then().statusCode(200)
                .body("paths.'/v1/blobs/{id}'.delete.summary", containsString("Remove a blob"))
                .body("paths.'/v1/blobs/{id}'.delete.responses.'204'", notNullValue())
                .body("paths.'/v1/blobs/{id}'.delete.responses.'400'", notNullValue())
                .body("paths.'/v1/blobs/{id}'.delete.responses.'404'", notNullValue());
    }
}
