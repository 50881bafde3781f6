package dev.toolspill.api;

import dev.toolspill.http.Problem;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.emptyString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What {@code GET}/{@code HEAD /v1/blobs/{id}} answers, whichever way the store delivers the bytes: each subclass
 * runs it against one (zero-copy local files, or the generic stream an S3 store would use).
 */
abstract class BlobContentContractTest {

    static final String TEXT = "text/plain; charset=utf-8";
    static final String CACHE_CONTROL = "public, max-age=31536000, immutable";

    /** 1000 numbered lines of 16 ASCII bytes each: 16000 bytes. */
    static final String LINES = IntStream.range(0, 1000).mapToObj(i -> String.format("line %05d ....\n", i)).collect(Collectors.joining());

    static String store(ContentType type, String body) {
        return given().contentType(type).body(body.getBytes(StandardCharsets.UTF_8))
                .when().post("/v1/tool-outputs?tool=t").then().statusCode(200).extract().path("blob.id");
    }

    static String storeText(String text) {
        return store(ContentType.TEXT, text);
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static RequestSpecification range(String range) {
        return given().header("Range", range);
    }

    static String url(String id) {
        return "/v1/blobs/" + id;
    }

    /** A 206 of bytes first..last (inclusive) of {@code all}, with every header a part carries. */
    static void assertPart(Response response, byte[] all, int first, int last) {
        response.then().statusCode(206)
                .header("Content-Range", "bytes " + first + "-" + last + "/" + all.length)
                .header("Content-Length", String.valueOf(last - first + 1))
                .header("Accept-Ranges", "bytes")
                .header("Cache-Control", CACHE_CONTROL)
                .header("ETag", containsString("\""));
        assertArrayEquals(Arrays.copyOfRange(all, first, last + 1), response.asByteArray());
    }

    static void assertWhole(Response response, byte[] all) {
        response.then().statusCode(200)
                .header("Content-Length", String.valueOf(all.length))
                .header("Content-Range", nullValue());
        assertArrayEquals(all, response.asByteArray());
    }

    @Test
    void getServesTheWholeBlobWithItsHeaders() {
        String id = storeText(LINES);
        Response response = given().when().get(url(id));
        response.then().statusCode(200)
                .header("Content-Type", TEXT)
                .header("Content-Length", String.valueOf(utf8(LINES).length))
                .header("Accept-Ranges", "bytes")
                .header("ETag", "\"" + id + "\"")
                .header("Cache-Control", CACHE_CONTROL)
                .header("Content-Range", nullValue());
        assertArrayEquals(utf8(LINES), response.asByteArray());
    }

    @Test
    void headAnswersTheSameHeadersWithoutABody() {
        String id = storeText(LINES);
        given().when().head(url(id)).then().statusCode(200)
                .header("Content-Type", TEXT)
                .header("Content-Length", String.valueOf(utf8(LINES).length))
                .header("Accept-Ranges", "bytes")
                .header("ETag", "\"" + id + "\"")
                .header("Cache-Control", CACHE_CONTROL)
                .body(emptyString());
        range("bytes=10-19").when().head(url(id)).then().statusCode(206)
                .header("Content-Range", "bytes 10-19/" + utf8(LINES).length)
                .header("Content-Length", "10")
                .body(emptyString());
    }

    @Test
    void firstByte() {
        String id = storeText(LINES);
        assertPart(range("bytes=0-0").when().get(url(id)), utf8(LINES), 0, 0);
    }

    @Test
    void lastByteByPositionAndBySuffix() {
        String id = storeText(LINES);
        byte[] all = utf8(LINES);
        int last = all.length - 1;
        assertPart(range("bytes=" + last + "-" + last).when().get(url(id)), all, last, last);
        assertPart(range("bytes=-1").when().get(url(id)), all, last, last);
    }

    @Test
    void openRangeRunsToTheEnd() {
        String id = storeText(LINES);
        byte[] all = utf8(LINES);
        assertPart(range("bytes=15990-").when().get(url(id)), all, 15990, all.length - 1);
        assertPart(range("bytes=0-").when().get(url(id)), all, 0, all.length - 1);
    }

    @Test
    void suffixRangeIsTheLastBytes() {
        String id = storeText(LINES);
        byte[] all = utf8(LINES);
        assertPart(range("bytes=-32").when().get(url(id)), all, all.length - 32, all.length - 1);
        assertPart(range("bytes=-" + (all.length + 5)).when().get(url(id)), all, 0, all.length - 1);
    }

    @Test
    void middleRange() {
        String id = storeText(LINES);
        assertPart(range("bytes=1500-1529").when().get(url(id)), utf8(LINES), 1500, 1529);
    }

    @Test
    void rangeEndingPastTheEndIsClamped() {
        String id = storeText(LINES);
        byte[] all = utf8(LINES);
        assertPart(range("bytes=100-" + (all.length + 1000)).when().get(url(id)), all, 100, all.length - 1);
    }

    @Test
    void rangeStartingAtOrAfterTheEndIsUnsatisfiable() {
        String id = storeText(LINES);
        int size = utf8(LINES).length;
        for (String unsatisfiable : new String[] {"bytes=" + size + "-", "bytes=" + (size + 5) + "-" + (size + 10), "bytes=-0"}) {
            range(unsatisfiable).when().get(url(id)).then().statusCode(416)
                    .header("Content-Range", "bytes */" + size)
                    .contentType(Problem.MEDIA_TYPE)
                    .body("status", equalTo(416))
                    .body("detail", containsString("has " + size + " bytes"));
        }
        range("bytes=" + size + "-").when().head(url(id)).then().statusCode(416)
                .header("Content-Range", "bytes */" + size).body(emptyString());
    }

    @Test
    void malformedRangeIsIgnored() {
        String id = storeText(LINES);
        for (String malformed : new String[] {"bytes=abc", "bytes=20-10", "items=0-9", "bytes=", "bytes 0-9", "0-9"}) {
            assertWhole(range(malformed).when().get(url(id)), utf8(LINES));
        }
    }

    @Test
    void multipleRangesServeTheWholeBlob() {
        String id = storeText(LINES);
        assertWhole(range("bytes=0-1,5-6").when().get(url(id)), utf8(LINES));
        assertWhole(given().header("Range", "bytes=0-1").header("Range", "bytes=5-6").when().get(url(id)), utf8(LINES));
    }

    @Test
    void ifNoneMatchTheEtagIsNotModified() {
        String id = storeText(LINES);
        String etag = "\"" + id + "\"";
        for (String ifNoneMatch : new String[] {etag, "W/" + etag, "*", "\"other\", " + etag}) {
            given().header("If-None-Match", ifNoneMatch).when().get(url(id)).then().statusCode(304)
                    .header("ETag", etag)
                    .header("Cache-Control", CACHE_CONTROL)
                    .body(emptyString());
        }
        given().header("If-None-Match", etag).header("Range", "bytes=0-0").when().head(url(id)).then().statusCode(304);
        assertWhole(given().header("If-None-Match", "\"other\"").when().get(url(id)), utf8(LINES));
    }

    @Test
    void ifRangeHonoursTheRangeOnlyForThisEtag() {
        String id = storeText(LINES);
        byte[] all = utf8(LINES);
        assertPart(range("bytes=0-9").header("If-Range", "\"" + id + "\"").when().get(url(id)), all, 0, 9);
        assertWhole(range("bytes=0-9").header("If-Range", "\"other\"").when().get(url(id)), all);
        assertWhole(range("bytes=0-9").header("If-Range", "W/\"" + id + "\"").when().get(url(id)), all);
        assertWhole(range("bytes=0-9").header("If-Range", "Sat, 29 Nov 2026 10:00:00 GMT").when().get(url(id)), all);
    }

    @Test
    void unknownIdIsNotFound() {
        given().when().get(url("019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70")).then().statusCode(404)
                .contentType(Problem.MEDIA_TYPE)
                .body("status", equalTo(404))
                .body("detail", containsString("no blob 019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70"));
        given().when().head(url("019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70")).then().statusCode(404);
    }

    @Test
    void malformedIdIsABadRequest() {
        for (String bad : new String[] {"not-a-uuid", "019ad5a1-7c2e-4d3a-9f10-3b2c4d5e6f70"}) {
            given().when().get(url(bad)).then().statusCode(400)
                    .contentType(Problem.MEDIA_TYPE)
                    .body("status", equalTo(400))
                    .body("detail", containsString("is not a blob id"));
        }
    }

    @Test
    void jsonBlobsAreServedAsJson() {
        String array = IntStream.range(0, 100).mapToObj(i -> "{\"n\": " + i + "}").collect(Collectors.joining(", ", "[", "]"));
        String object = "{\"results\": " + array + "}";
        for (String json : new String[] {array, object}) {
            String id = store(ContentType.JSON, json);
            Response response = given().when().get(url(id));
            response.then().statusCode(200).header("Content-Type", "application/json")
                    .header("Content-Length", String.valueOf(utf8(json).length));
            assertArrayEquals(utf8(json), response.asByteArray(), "served as stored, not re-serialised");
            assertPart(range("bytes=0-0").when().get(url(id)), utf8(json), 0, 0);
        }
    }

    @Test
    void multiByteUtf8IsServedByteExactEvenWhenARangeCutsACharacter() {
        String text = "日本語のテキスト 😀 ü é\n".repeat(40);
        byte[] all = utf8(text);
        String id = storeText(text);
        assertWhole(given().when().get(url(id)), all);
        assertPart(range("bytes=1-2").when().get(url(id)), all, 1, 2);
        // the emoji is bytes 25..28 of each line: cut it in half
        assertPart(range("bytes=26-27").when().get(url(id)), all, 26, 27);
        assertPart(range("bytes=-3").when().get(url(id)), all, all.length - 3, all.length - 1);
        assertEquals((byte) 0xF0, all[25], "the emoji starts where the test thinks");
    }

    @Test
    void largeBlobsStreamWholeAndInRangesAcrossChunks() {
        String text = LINES.repeat(200);
        byte[] all = utf8(text);
        String id = storeText(text);
        assertWhole(given().when().get(url(id)), all);
        assertPart(range("bytes=65530-131080").when().get(url(id)), all, 65530, 131080);
        assertPart(range("bytes=-100000").when().get(url(id)), all, all.length - 100000, all.length - 1);
    }
}
