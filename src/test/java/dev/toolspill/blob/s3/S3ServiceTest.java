package dev.toolspill.blob.s3;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.S3Object;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The whole service on S3: what lands in the bucket, reads back through it, and an outage. */
@QuarkusTest
@TestProfile(S3Profile.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class S3ServiceTest {

    static String post(ContentType type, String body) {
        return given().contentType(type).body(body.getBytes(StandardCharsets.UTF_8)).when().post("/v1/tool-outputs?tool=t")
                .then().statusCode(200).extract().path("blob.id");
    }

    static List<String> keys(S3AsyncClient client) {
        return client.listObjectsV2(list -> list.bucket(S3Profile.server.bucket())).join()
                .contents().stream().map(S3Object::key).sorted().collect(Collectors.toList());
    }

    @Test
    @Order(1)
    void theBucketHoldsExactlyTheBlobsWithTheirOriginalBytes() {
        String text = "first line ✓\r\nsecond line\n".repeat(100);
        String json = "[" + "{\"k\": \"v\"}, ".repeat(200) + "{\"k\": \"last\"}]";
        String textId = post(ContentType.TEXT, text);
        String jsonId = post(ContentType.JSON, json);

        try (S3AsyncClient client = S3Profile.server.client()) {
            List<String> keys = keys(client);
            assertEquals(List.of("blobs/" + jsonId + ".json", "blobs/" + jsonId + ".meta", "blobs/" + textId + ".txt",
                            "blobs/" + textId + ".meta").stream().sorted().toList(),
                    keys.stream().filter(key -> key.startsWith("blobs/") && (key.contains(textId) || key.contains(jsonId))).toList(),
                    "each output is exactly one object under its own name, with its record beside it");
            assertTrue(keys.stream().allMatch(key -> key.matches("blobs/[0-9a-f-]{36}\\.(txt|json|meta)|index/[0-9a-f-]{36}\\.idx")), keys.toString());
            assertEquals(text, client.getObject(get -> get.bucket(S3Profile.server.bucket()).key("blobs/" + textId + ".txt"),
                    AsyncResponseTransformer.toBytes()).join().asUtf8String());
            assertEquals(json, client.getObject(get -> get.bucket(S3Profile.server.bucket()).key("blobs/" + jsonId + ".json"),
                    AsyncResponseTransformer.toBytes()).join().asUtf8String());
        }
        given().queryParam("selector", "lines:3-4").when().get("/v1/blobs/" + textId + "/inspect").then()
                .statusCode(200).body(equalTo("first line ✓\r\nsecond line\n"));
        given().queryParam("selector", "slice:200..201").when().get("/v1/blobs/" + jsonId + "/inspect").then()
                .statusCode(200).body(equalTo("[{\"k\": \"last\"}]"));
        given().header("Range", "bytes=0-3").when().get("/v1/blobs/" + jsonId).then()
                .statusCode(206).body(equalTo("[{\"k"));
    }

    @Test
    @Order(2)
    void readinessFollowsTheBucketAndACallDuringAnOutageStillAnswers() throws Exception {
        given().when().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));

        S3Profile.server.halt();
        try {
            given().when().get("/q/health/ready").then().statusCode(503)
                    .body("checks.find { it.name == 'blob-store' }.status", equalTo("DOWN"))
                    .body("checks.find { it.name == 'blob-store' }.data.error", containsString("unreachable"));

            Response response = given().contentType(ContentType.JSON)
                    .body("{\"calls\":[{\"id\":\"1\",\"name\":\"echo\",\"arguments\":{\"text\":\"0123456789\",\"times\":5000}}]}")
                    .when().post("/v1/tool-calls");
            response.then().statusCode(200)
                    .body("results[0].status", equalTo("ok"))
                    .body("results[0].blob", nullValue())
                    .body("results[0].truncated.blob_id", nullValue())
                    .body("results[0].output", endsWith("refine your query] the full output could not be stored (the blob store is unavailable)"));
            String output = response.path("results[0].output");
            assertTrue(output.getBytes(StandardCharsets.UTF_8).length <= 16384);
            assertTrue(output.startsWith("0123456789012"));

            // a streamed ingest during the outage: 503 with Retry-After, as problem+json; the sender still holds the output
            given().contentType(ContentType.TEXT).body("streamed line\n".repeat(5000)).when().post("/v1/tool-outputs?tool=t")
                    .then().statusCode(503)
                    .header("Retry-After", org.hamcrest.Matchers.notNullValue())
                    .contentType("application/problem+json")
                    .body("detail", org.hamcrest.Matchers.containsString("nothing of it was kept"));
        } finally {
            S3Profile.server.launch();
        }
        given().when().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        given().contentType(ContentType.TEXT).body("x".repeat(2000)).when().post("/v1/tool-outputs?tool=t")
                .then().statusCode(200).body("blob.kind", equalTo("text"));
    }

    @Test
    @Order(3)
    void aLargeBodyThatIsNotJsonLeavesNothingInTheBucket() {
        try (S3AsyncClient client = S3Profile.server.client()) {
            List<String> before = keys(client);
            // over one 8 MiB part, so the multipart upload has started when the JSON turns out broken
            String broken = "[" + "{\"n\": 12345678},".repeat(700_000) + "{\"n\": ";
            given().contentType(ContentType.JSON).body(broken.getBytes(StandardCharsets.UTF_8)).when().post("/v1/tool-outputs?tool=t")
                    .then().statusCode(400).contentType("application/problem+json");
            assertEquals(before, keys(client));
            assertTrue(client.listMultipartUploads(list -> list.bucket(S3Profile.server.bucket())).join().uploads().isEmpty(),
                    "the multipart upload was aborted");
        }
    }

    @Test
    @Order(4)
    void anUnknownIdIsNotFound() {
        given().when().get("/v1/blobs/019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70/inspect").then().statusCode(404)
                .contentType("application/problem+json");
    }
}
