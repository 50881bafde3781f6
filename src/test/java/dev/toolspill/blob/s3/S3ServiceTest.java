package dev.toolspill.blob.s3;

import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.spool.Spool;
import dev.toolspill.blob.spool.SpoolingBlobStore;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.S3Object;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The whole service on S3: what lands in the bucket, reads back through it, and an outage that spools. */
@QuarkusTest
@TestProfile(S3Profile.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class S3ServiceTest {

    @Inject
    BlobStore store;

    @Inject
    Spool spool;

    static String post(ContentType type, String body) {
        return given().contentType(type).body(body.getBytes(StandardCharsets.UTF_8)).when().post("/v1/tool-outputs?tool=t")
                .then().statusCode(200).extract().path("blob.id");
    }

    /** The names of finished objects: blobs, their records and their read indexes. */
    static final String FINISHED = "blobs/[0-9a-f-]{36}\\.(txt|json|meta)|index/[0-9a-f-]{36}\\.idx|hashes/[0-9a-f]{64}/[0-9a-f]{64}(\\.[0-9]+)?\\.key";
    /**
     * The retention sweeper's leases (blob.Leases), one object a slot, taken every 200 ms here: not blobs, never
     * listed as any, and so often written that one is nearly always in flight (S3Proxy shows it under a temp name).
     */
    static final String LEASE = "leases/.*|ledger/[0-9a-f]{64}/[0-9]{4}-[0-9]{2}-[0-9]{2}/[0-9]{2}/[^/]+\\.jsonl"; // and the call ledger's batches

    static List<String> keys(S3AsyncClient client) {
        return client.listObjectsV2(list -> list.bucket(S3Profile.server.bucket())).join()
                .contents().stream().map(S3Object::key).sorted().collect(Collectors.toList());
    }

    /**
     * The bucket's stored objects, once no write is in flight (an object being written shows under a temporary name,
     * e.g. an index the test before caused). S3Proxy's filesystem backend keeps the temporary file of a PUT that was
     * cut short (a real S3 shows nothing of it), so a temporary name still there after a while is left out.
     */
    static List<String> finishedKeys(S3AsyncClient client) {
        try {
            Awaitility.await("no write in flight").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                    .until(() -> keys(client), keys -> keys.stream().allMatch(key -> key.matches(FINISHED) || key.matches(LEASE)));
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            // a temporary file S3Proxy left behind: not an object
        }
        return keys(client).stream().filter(key -> key.matches(FINISHED)).collect(Collectors.toList());
    }

    @Test
    @Order(1)
    void theBucketHoldsExactlyTheBlobsWithTheirOriginalBytes() {
        String text = "first line ✓\r\nsecond line\n".repeat(100);
        String json = "[" + "{\"k\": \"v\"}, ".repeat(200) + "{\"k\": \"last\"}]";
        String textId = post(ContentType.TEXT, text);
        String jsonId = post(ContentType.JSON, json);

        try (S3AsyncClient client = S3Profile.server.client()) {
            // read indexes are written just after the answer, and S3Proxy lists a PUT under way by its temp name: wait them out
            await().atMost(Duration.ofSeconds(30)).until(() -> keys(client).stream().allMatch(key -> key.matches(FINISHED) || key.matches(LEASE)));
            List<String> keys = keys(client);
            assertEquals(List.of("blobs/" + jsonId + ".json", "blobs/" + jsonId + ".meta", "blobs/" + textId + ".txt",
                            "blobs/" + textId + ".meta").stream().sorted().toList(),
                    keys.stream().filter(key -> key.startsWith("blobs/") && (key.contains(textId) || key.contains(jsonId))).toList(),
                    "each output is exactly one object under its own name, with its record beside it");
            assertTrue(keys.stream().allMatch(key -> key.matches(FINISHED) || key.matches(LEASE)), keys.toString());
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
    @ResourceLock(value = OnTheRunsS3.PROXY, mode = ResourceAccessMode.READ_WRITE) // it stops the proxy the plain S3 tests use
    void anOutageKeepsTheReplicaReadySpoolsToolOutputsAndUploadsThemWhenS3Returns() throws Exception {
        given().when().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        String seed = post(ContentType.TEXT, "seed line\n".repeat(300));

        S3Profile.server.halt();
        String spooledId;
        try {
            given().when().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
            given().when().get("/q/health/well").then().statusCode(503)
                    .body("checks.find { it.name == 'blob-store' }.status", equalTo("DOWN"))
                    .body("checks.find { it.name == 'blob-store' }.data.reason", containsString("unreachable"))
                    .body("checks.find { it.name == 'blob-store' }.data.reason", not(containsString("127.0.0.1")));

            Response response = given().contentType(ContentType.JSON)
                    .body("{\"calls\":[{\"id\":\"1\",\"name\":\"echo\",\"arguments\":{\"text\":\"0123456789\",\"times\":5000}}]}")
                    .when().post("/v1/tool-calls");
            response.then().statusCode(200)
                    .body("results[0].status", equalTo("ok"))
                    .body("results[0].disposition", equalTo("spooled"))
                    .body("results[0].blob.spooled", equalTo(true));
            spooledId = response.path("results[0].blob.id");
            assertEquals("0123456789".repeat(5000), given().when().get("/v1/blobs/" + spooledId).then().statusCode(200).extract().asString());

            // a blob only S3 holds: 503 problem+json with Retry-After, never a 500 or the SDK's words
            given().when().get("/v1/blobs/" + seed).then().statusCode(503)
                    .contentType("application/problem+json")
                    .header("Retry-After", "5")
                    .body("detail", not(containsString("Exception")))
                    .body("detail", not(containsString("127.0.0.1")));
            given().contentType(ContentType.JSON)
                    .body("{\"calls\":[{\"id\":\"1\",\"name\":\"inspect\",\"arguments\":{\"blob_id\":\"" + seed + "\",\"selector\":\"lines:2-3\"}}]}")
                    .when().post("/v1/tool-calls").then().statusCode(200)
                    .body("results[0].status", equalTo("error"))
                    .body("results[0].output", equalTo("the blob store is unavailable; retry in 5 s with the same arguments"));

            // a streamed ingest during the outage: 503 with Retry-After, as problem+json; the sender still holds the output
            given().contentType(ContentType.TEXT).body("streamed line\n".repeat(5000)).when().post("/v1/tool-outputs?tool=t")
                    .then().statusCode(503)
                    .header("Retry-After", org.hamcrest.Matchers.notNullValue())
                    .contentType("application/problem+json")
                    .body("detail", org.hamcrest.Matchers.containsString("nothing of it was kept"));
        } finally {
            S3Profile.server.launch();
        }
        // the spool's own timer may be draining already: then this pass does nothing, and the next one looks again
        dev.toolspill.blob.BlobId spooled = dev.toolspill.blob.BlobId.parse(spooledId);
        Awaitility.await("the spool drained").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).until(() -> {
            if (spool.holds(spooled)) {
                ((SpoolingBlobStore) store).drainNow().await().atMost(Duration.ofSeconds(60));
            }
            return !spool.holds(spooled);
        });
        assertTrue(!spool.holds(dev.toolspill.blob.BlobId.parse(spooledId)), "the spool uploaded the blob");
        try (S3AsyncClient client = S3Profile.server.client()) {
            assertEquals("0123456789".repeat(5000), client.getObject(get -> get.bucket(S3Profile.server.bucket())
                    .key("blobs/" + spooledId + ".txt"), AsyncResponseTransformer.toBytes()).join().asUtf8String());
        }
        given().when().get("/q/health/well").then().statusCode(200).body("status", equalTo("UP"));
        given().contentType(ContentType.TEXT).body("x".repeat(2000)).when().post("/v1/tool-outputs?tool=t")
                .then().statusCode(200).body("blob.kind", equalTo("text"));
    }

    @Test
    @Order(3)
    void aLargeBodyThatIsNotJsonLeavesNothingInTheBucket() {
        try (S3AsyncClient client = S3Profile.server.client()) {
            // taken once no write is in flight (an object being written shows under a temporary name, e.g. an index the
            // test before caused), so that the listing after differs only by what this body left
            List<String> before = finishedKeys(client);
            // over one 8 MiB part, so the multipart upload has started when the JSON turns out broken
            String broken = "[" + "{\"n\": 12345678},".repeat(700_000) + "{\"n\": ";
            given().contentType(ContentType.JSON).body(broken.getBytes(StandardCharsets.UTF_8)).when().post("/v1/tool-outputs?tool=t")
                    .then().statusCode(400).contentType("application/problem+json");
            assertEquals(before, finishedKeys(client));
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
