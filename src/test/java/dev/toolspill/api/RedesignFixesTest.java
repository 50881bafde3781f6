package dev.toolspill.api;

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
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** What the redesign fixed, through the real HTTP layer: each of these answered wrong bytes, 500 or a wrong flag before. */
@QuarkusTest
class RedesignFixesTest {

    static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    static Response post(ContentType type, byte[] body) {
        return given().contentType(type).body(body).when().post("/v1/tool-outputs?tool=t");
    }

    static String inspect(String id, String selector) {
        return given().queryParam("selector", selector).when().get("/v1/blobs/" + id + "/inspect")
                .then().statusCode(200).extract().asString();
    }

    static byte[] withBom(String text) {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[body.length + 3];
        System.arraycopy(BOM, 0, all, 0, 3);
        System.arraycopy(body, 0, all, 3, body.length);
        return all;
    }

    @Test
    void jsonWithAByteOrderMarkIsStoredWithoutItAndReadsExactBytes() throws Exception {
        String object = "{\"name\": \"bom\", \"results\": [" + IntStream.range(0, 200).mapToObj(i -> "{\"i\": " + i + "}")
                .collect(Collectors.joining(", ")) + "], \"last\": true}";
        String id = post(ContentType.JSON, withBom(object)).then().statusCode(200)
                .body("blob.kind", equalTo("json_object")).body("blob.keys", equalTo(3))
                .body("blob.bytes", equalTo(object.getBytes(StandardCharsets.UTF_8).length))
                .extract().path("blob.id");
        assertArrayEquals(object.getBytes(StandardCharsets.UTF_8), Files.readAllBytes(Path.of("target/test-data/blobs", id + ".json")),
                "the stored blob has no byte order mark");
        assertEquals("\"bom\"", inspect(id, "key:name"));
        assertEquals("true", inspect(id, "key:last"));

        String array = "[" + IntStream.range(0, 300).mapToObj(i -> "{\"i\": " + i + "}").collect(Collectors.joining(", ")) + "]";
        String arrayId = post(ContentType.JSON, withBom(array)).then().statusCode(200).body("blob.entries", equalTo(300))
                .extract().path("blob.id");
        assertEquals("[{\"i\": 3},{\"i\": 4}]", inspect(arrayId, "slice:3..5"));
    }

    @Test
    void aByteOrderMarkIsNoPartOfATextOrASmallOutput() {
        post(ContentType.TEXT, withBom("small")).then().statusCode(200).body("output", equalTo("small"));
        post(ContentType.JSON, withBom("{\"a\": 1}")).then().statusCode(200).body("output", equalTo("{\"a\": 1}"));
        String log = "line one\n".repeat(200);
        String id = post(ContentType.TEXT, withBom(log)).then().statusCode(200).body("blob.bytes", equalTo(log.length()))
                .extract().path("blob.id");
        assertEquals("line one\n", inspect(id, "lines:1-1"));
    }

    @Test
    void invalidUtf8AfterAByteOrderMarkIsReportedWhereItIsInTheBodySent() {
        byte[] body = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', (byte) 0xFF, 'j'};
        post(ContentType.TEXT, body).then().statusCode(400).contentType("application/problem+json")
                .body("detail", containsString("at byte 12"));
    }

    @Test
    void keysWithOuterSpacesOrNoNameAreReachableQuotedAndListedUnambiguously() {
        String json = "{\"\": 1, \" lead\": 2, \"trail \": 3, \"line\\nbreak\": 4, \"plain\": 5, \"pad\": \"" + "x".repeat(900) + "\"}";
        Response stored = post(ContentType.JSON, json.getBytes(StandardCharsets.UTF_8));
        stored.then().statusCode(200).body("blob.keys", equalTo(6))
                .body("output", containsString("\n\"\": number"))
                .body("output", containsString("\n\" lead\": number"))
                .body("output", containsString("\n\"trail \": number"))
                .body("output", containsString("\n\"line\\nbreak\": number"))
                .body("output", containsString("\nplain: number"));
        String id = stored.then().extract().path("blob.id");
        assertEquals("1", inspect(id, "key:\"\""));
        assertEquals("2", inspect(id, "key:\" lead\""));
        assertEquals("3", inspect(id, "key:\"trail \""));
        assertEquals("4", inspect(id, "key:\"line\\nbreak\""));
        assertEquals("5", inspect(id, "key:plain"));
        assertEquals("5", inspect(id, "key:\"plain\""));
        given().queryParam("selector", "key:trail").when().get("/v1/blobs/" + id + "/inspect").then().statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("no top-level key 'trail'"))
                .body("detail", containsString("\"\", \" lead\", \"trail \", \"line\\nbreak\", plain, pad"));
        given().queryParam("selector", "key:\" lead \"").when().get("/v1/blobs/" + id + "/inspect").then().statusCode(400)
                .body("detail", containsString("no top-level key \" lead \""));
        given().queryParam("selector", "key:\"unclosed").when().get("/v1/blobs/" + id + "/inspect").then().statusCode(400)
                .body("detail", containsString("key:\"NAME\""));
    }

    @Test
    void duplicateKeysCountAndListOnceAsJqDoes() {
        String json = "{\"a\": 1, \"b\": {\"x\": 1, \"y\": 2, \"x\": 3}, \"a\": \"last\", \"pad\": \"" + "p".repeat(900) + "\"}";
        Response stored = post(ContentType.JSON, json.getBytes(StandardCharsets.UTF_8));
        stored.then().statusCode(200).body("blob.keys", equalTo(3))
                .body("output", containsString("json_object | 3 keys"))
                .body("output", containsString("\na: string(4)\nb: object{2}\npad: string(900)"));
        assertEquals("\"last\"", inspect(stored.then().extract().path("blob.id"), "key:a"));

        String array = "[{\"id\": 1, \"name\": \"n\", \"id\": \"one\"}" + ", {\"id\": 2}".repeat(100) + "]";
        post(ContentType.JSON, array.getBytes(StandardCharsets.UTF_8)).then().statusCode(200)
                .body("output", containsString("── schema ──\nid: string, name: string\n"));
    }

    @Test
    void anErrorCutByTheLimitSaysSoAndAMarkerLikeTextIsNotACut() {
        String batch = """
                {"calls":[
                  {"id":"long","name":"complaining","arguments":{"message":"the tool broke. ","times":3000}},
                  {"id":"marker","name":"complaining","arguments":{"message":"failed\\n[truncated: 5 bytes dropped, refine your query]"}},
                  {"id":"echo","name":"echo","arguments":{"text":"fine\\n[truncated: 5 bytes dropped, refine your query]"}}]}""";
        given().contentType(ContentType.JSON).body(batch).when().post("/v1/tool-calls").then().statusCode(200)
                .body("results[0].status", equalTo("error"))
                .body("results[0].truncated.dropped_bytes", greaterThan(30_000))
                .body("results[0].output", startsWith("the tool broke."))
                .body("results[1].status", equalTo("error"))
                .body("results[1].truncated", nullValue())
                .body("results[2].status", equalTo("ok"))
                .body("results[2].truncated", nullValue());
    }

    @Test
    void anInspectCutUnderTheLimitIsReportedAndAnUncutOneIsNot() {
        String log = IntStream.rangeClosed(1, 3000).mapToObj(i -> "log line " + i + " " + "z".repeat(40) + "\n").collect(Collectors.joining())
                + "[truncated: 5 bytes dropped, refine your query]\n";
        String id = post(ContentType.TEXT, log.getBytes(StandardCharsets.UTF_8)).then().statusCode(200).extract().path("blob.id");
        String batch = "{\"calls\":[{\"id\":\"all\",\"name\":\"inspect\",\"arguments\":{\"blob_id\":\"" + id + "\",\"selector\":\"lines:1-3001\"}},"
                + "{\"id\":\"end\",\"name\":\"inspect\",\"arguments\":{\"blob_id\":\"" + id + "\",\"selector\":\"lines:3000-3001\"}}]}";
        given().contentType(ContentType.JSON).body(batch).when().post("/v1/tool-calls").then().statusCode(200)
                .body("results[0].truncated.dropped_bytes", greaterThan(100_000))
                .body("results[0].output", containsString("next part: lines:"))
                .body("results[1].output", containsString("[truncated: 5 bytes dropped, refine your query]"))
                .body("results[1].truncated", nullValue())
                .body("results[1].blob", nullValue());
    }

    @Test
    void anEscapedSurrogatePairInAKeyIsJsonWhereverTheFirstReadEnds() {
        // the body's first read is 804 bytes (the inline cap, room for a byte order mark, one more): sweep the escape across it
        for (int pad = 780; pad <= 800; pad++) {
            String json = "{\"" + "k".repeat(pad) + "\": 1, \"\\ud83d\\ude00\": [1, 2, 3], \"z\": null}";
            String id = post(ContentType.JSON, json.getBytes(StandardCharsets.UTF_8)).then().statusCode(200)
                    .body("blob.kind", equalTo("json_object")).body("blob.keys", equalTo(3)).extract().path("blob.id");
            assertEquals("[1, 2, 3]", inspect(id, "key:😀"), "with " + pad + " bytes before the escape");
        }
    }

    @Test
    void storedBlobsReportTheirCreationTimeFromTheirId() {
        post(ContentType.TEXT, "x\n".repeat(1000).getBytes(StandardCharsets.UTF_8)).then().statusCode(200)
                .body("blob.created", notNullValue());
    }
}
