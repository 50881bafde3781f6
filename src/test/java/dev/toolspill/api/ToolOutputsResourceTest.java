package dev.toolspill.api;

import java.net.URL;
import io.quarkus.test.common.http.TestHTTPResource;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@QuarkusTest
class ToolOutputsResourceTest {

    /** OpenAPI is on the management interface (its own port). */
    @TestHTTPResource(value = "/openapi", management = true)
    URL openApiUrl;

    static final ObjectMapper MAPPER = new ObjectMapper();
    static final Path BLOBS = Path.of("target/test-data/blobs");

    static String log(int lines) {
        return IntStream.rangeClosed(1, lines)
                .mapToObj(i -> "2026-11-29T10:00:00Z INFO request " + i + " served in " + (i % 97) + " ms\n")
                .collect(Collectors.joining());
    }

    static Response post(String tool, ContentType type, String body) {
        return given().contentType(type).body(body.getBytes(StandardCharsets.UTF_8))
                .when().post("/v1/tool-outputs?tool=" + tool);
    }

    @Test
    void smallOutputStaysInline() {
        post("read_file", ContentType.TEXT, "hello\nworld\n").then()
                .statusCode(200)
                .contentType(ContentType.JSON)
                .body("call_id", nullValue())
                .body("tool", equalTo("read_file"))
                .body("status", equalTo("ok"))
                .body("output", equalTo("hello\nworld\n"))
                .body("blob", nullValue())
                .body("truncated", nullValue());
    }

    @Test
    void exactly800BytesStayInlineAnd801AreStored() {
        post("t", ContentType.TEXT, "é".repeat(400)).then().body("output", equalTo("é".repeat(400))).body("blob", nullValue());
        post("t", ContentType.TEXT, "é".repeat(400) + "x").then().body("blob.kind", equalTo("text"))
                .body("output", startsWith("[blob:"));
    }

    @Test
    void largeLogBecomesATextSummaryAndLinesReadBackExactly() throws Exception {
        String log = log(30_000);
        assertTrue(log.length() > 1_500_000);
        Response response = post("read_file", ContentType.TEXT, log);
        response.then().statusCode(200)
                .body("status", equalTo("ok"))
                .body("blob.kind", equalTo("text"))
                .body("blob.bytes", equalTo(log.getBytes(StandardCharsets.UTF_8).length))
                .body("blob.lines", equalTo(30_000))
                .body("truncated", nullValue());
        String id = response.path("blob.id");
        String output = response.path("output");
        assertTrue(output.startsWith("[blob:" + id + "] text | 30000 lines\n── head ──\n2026-11-29T10:00:00Z INFO request"), output);
        assertTrue(output.getBytes(StandardCharsets.UTF_8).length <= 400);
        assertArrayEquals(log.getBytes(StandardCharsets.UTF_8), Files.readAllBytes(BLOBS.resolve(id + ".txt")));

        String expected = log.lines().skip(999).limit(11).map(line -> line + "\n").collect(Collectors.joining());
        given().queryParam("selector", "lines:1000-1010").when().get("/v1/blobs/" + id + "/inspect").then()
                .statusCode(200)
                .contentType(containsString("text/plain"))
                .body(equalTo(expected));
    }

    @Test
    void largeJsonArrayBecomesAnArraySummaryAndSlicesReadBackExactly() throws Exception {
        String json = IntStream.range(0, 40_000)
                .mapToObj(i -> "{\"id\": " + i + ", \"name\": \"item-" + i + "\", \"tags\": [\"a\", \"b\"]}")
                .collect(Collectors.joining(",\n ", "[", "]"));
        Response response = post("search", ContentType.JSON, json);
        response.then().statusCode(200)
                .body("blob.kind", equalTo("json_array"))
                .body("blob.entries", equalTo(40_000));
        String id = response.path("blob.id");
        assertEquals("[blob:" + id + "] json_array | 40000 entries\n"
                + "── schema ──\n"
                + "id: number, name: string, tags: array\n"
                + "── head ──\n"
                + "{\"id\":0,\"name\":\"item-0\",\"tags\":[\"a\",\"b\"]}\n"
                + "{\"id\":1,\"name\":\"item-1\",\"tags\":[\"a\",\"b\"]}\n"
                + "… +39998 more entries", response.path("output"));
        assertTrue(Files.exists(BLOBS.resolve(id + ".json")));

        String slice = given().queryParam("selector", "slice:10..12").when().get("/v1/blobs/" + id + "/inspect")
                .then().statusCode(200).extract().asString();
        assertEquals("[{\"id\": 10, \"name\": \"item-10\", \"tags\": [\"a\", \"b\"]},{\"id\": 11, \"name\": \"item-11\", \"tags\": [\"a\", \"b\"]}]", slice);
        assertEquals(MAPPER.readTree(json).get(10), MAPPER.readTree(slice).get(0));
    }

    @Test
    void largeJsonObjectBecomesAKeySummaryAndKeysReadBackExactly() throws Exception {
        String results = IntStream.range(0, 120).mapToObj(i -> "{\"n\": " + i + "}").collect(Collectors.joining(", ", "[", "]"));
        String json = "{\"query\": \"" + "q".repeat(52) + "\", \"results\": " + results + ", \"meta\": {\"a\": 1, \"b\": [1, 2], \"c\": null, \"d\": true}, \"total\": 120}";
        Response response = post("api", ContentType.JSON, json);
        String id = response.path("blob.id");
        assertEquals("[blob:" + id + "] json_object | 4 keys\n"
                + "── keys ──\n"
                + "query: string(52)\n"
                + "results: array[120]\n"
                + "meta: object{4}\n"
                + "total: number", response.path("output"));
        response.then().body("blob.kind", equalTo("json_object")).body("blob.keys", equalTo(4));

        given().queryParam("selector", "key:meta").when().get("/v1/blobs/" + id + "/inspect").then()
                .statusCode(200).body(equalTo("{\"a\": 1, \"b\": [1, 2], \"c\": null, \"d\": true}"));
        given().queryParam("selector", "key:results").when().get("/v1/blobs/" + id + "/inspect").then()
                .statusCode(200).body(equalTo(results));
        given().queryParam("selector", "key:nope").when().get("/v1/blobs/" + id + "/inspect").then()
                .statusCode(400).contentType("application/problem+json")
                .body("detail", containsString("its keys are: query, results, meta, total"));
    }

    @Test
    void textThatLooksLikeJsonButIsNotStaysText() {
        String almost = "[" + "1,".repeat(500) + "2] trailing words";
        post("t", ContentType.TEXT, almost).then().statusCode(200).body("blob.kind", equalTo("text"));
    }

    /** The parser's failure in the service's words and a byte offset: nothing of the parser's own internals. */
    @Test
    void invalidJsonIsDescribedWithoutTheParsersInternals() {
        for (String body : new String[] {"{\"a\":", "{\"a\":\"x"}) {
            String detail = post("t", ContentType.JSON, body).then().statusCode(400).extract().path("detail");
            org.junit.jupiter.api.Assertions.assertTrue(detail.contains("not valid JSON") && detail.contains("at byte")
                    && !detail.contains("Source") && !detail.contains("internal state") && !detail.contains("Feature"), detail);
        }
    }

    @Test
    void jsonContentTypeWithInvalidJsonIsRejected() {
        post("t", ContentType.JSON, "{\"a\": 1,").then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("status", equalTo(400))
                .body("detail", containsString("not valid JSON"));
    }

    @Test
    void unsupportedContentTypeIsRejected() {
        given().contentType("image/png").body(new byte[] {1, 2, 3}).when().post("/v1/tool-outputs?tool=t").then()
                .statusCode(415)
                .contentType("application/problem+json")
                .body("detail", containsString("text/plain"));
    }

    @Test
    void missingToolIsRejected() {
        given().contentType(ContentType.TEXT).body("x").when().post("/v1/tool-outputs").then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("'tool' is required"));
    }

    @Test
    void invalidUtf8IsRejected() {
        given().contentType("text/plain; charset=utf-8").body(new byte[] {'o', 'k', (byte) 0xC3, (byte) 0x28}).when()
                .post("/v1/tool-outputs?tool=t").then()
                .statusCode(400)
                .body("detail", containsString("not valid UTF-8"));
    }

    @Test
    void anOutputOverTheDefaultLimitIsStoredNotCut() {
        // With a store, 100 KB becomes a blob and a summary far below 16 KiB; only a small tool limit
        // or a storeless setup cuts (LimitsProfileTest, NoStoreProfileTest).
        post("t", ContentType.TEXT, "x".repeat(100_000)).then().statusCode(200)
                .body("blob.bytes", equalTo(100_000))
                .body("output", startsWith("[blob:"))
                .body("truncated", nullValue());
    }

    @Test
    void aLargeBodyThatIsNotTheJsonItClaimsLeavesNoBlobBehind() throws Exception {
        long before = countFiles(BLOBS);
        String almost = "[" + "{\"n\": 1},".repeat(50_000) + "{\"n\": 2}";
        post("t", ContentType.JSON, almost).then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("not valid JSON"));
        assertEquals(before, countFiles(BLOBS), "no blob was stored");
        assertEquals(0, countFiles(Path.of("target/test-data/tmp")), "no partial file is left");
    }

    static long countFiles(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (var files = Files.list(dir)) {
            return files.count();
        }
    }

    @Test
    void openApiDocumentsEveryEndpoint() {
        given().queryParam("format", "json").when().get(openApiUrl).then().statusCode(200)
                .body("paths.'/v1/tool-calls'.post.summary", containsString("batch"))
                .body("paths.'/v1/tool-outputs'.post.summary", containsString("Promote"))
                .body("paths.'/v1/tools'.get.summary", containsString("definitions"))
                .body("paths.'/v1/blobs/{id}'.get", org.hamcrest.Matchers.notNullValue())
                .body("paths.'/v1/blobs/{id}/inspect'.get.summary", containsString("selector"));
    }

    @Test
    void theBenchmarkBaselineIsNoEndpointOfAProductionReplica() {
        given().contentType(ContentType.TEXT).body("x").when().post("/v1/noop").then().statusCode(404);
    }
}
