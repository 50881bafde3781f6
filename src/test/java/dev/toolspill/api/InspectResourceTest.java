package dev.toolspill.api;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@QuarkusTest
class InspectResourceTest {

    static String storeText(String text) {
        return given().contentType(ContentType.TEXT).body(text.getBytes(StandardCharsets.UTF_8))
                .when().post("/v1/tool-outputs?tool=t").then().statusCode(200).extract().path("blob.id");
    }

    static String numbered(int lines) {
        return IntStream.rangeClosed(1, lines).mapToObj(i -> "line " + i + " " + "ü".repeat(i % 7) + "\n").collect(Collectors.joining());
    }

    static io.restassured.response.Response inspect(String id, String selector) {
        var request = given();
        if (selector != null) {
            request = request.queryParam("selector", selector);
        }
        return request.when().get("/v1/blobs/" + id + "/inspect");
    }

    @Test
    void noSelectorGivesMetadataAndTheHead() {
        String id = storeText(numbered(500));
        inspect(id, null).then().statusCode(200)
                .body(startsWith("[blob:" + id + "] text | "))
                .body(containsString(" bytes | 500 lines | created "))
                .body(containsString("read with: lines:A-B with 1 <= A <= B <= 500"))
                .body(containsString("── head ──\nline 1 ü\n"));
    }

    @Test
    void linesAreByteExactIncludingCrlfAndAnUnterminatedLastLine() {
        String text = "first\r\nsecond ✓\r\n" + "filler line\n".repeat(100) + "last line without newline";
        String id = storeText(text);
        inspect(id, "lines:1-2").then().statusCode(200).body(equalTo("first\r\nsecond ✓\r\n"));
        inspect(id, "lines:102-103").then().statusCode(200).body(equalTo("filler line\nlast line without newline"));
        inspect(id, "lines:103").then().statusCode(200).body(equalTo("last line without newline"));
        inspect(id, "lines:100-500").then().statusCode(200).body(equalTo("filler line\nfiller line\nfiller line\nlast line without newline"));
    }

    @Test
    void aRangePastTheEndSaysHowManyLinesExist() {
        String id = storeText(numbered(300));
        inspect(id, "lines:301-310").then().statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("has 300 lines"));
    }

    @Test
    void aCutKeepsWholeLinesAndNamesTheNextSelector() {
        String text = numbered(5000);
        String id = storeText(text);
        String body = inspect(id, "lines:1-5000").then().statusCode(200).extract().asString();
        assertTrue(body.getBytes(StandardCharsets.UTF_8).length <= 16384, "the inspect limit holds");
        int marker = body.indexOf("\n[truncated: ");
        String shown = body.substring(0, marker);
        assertTrue(text.startsWith(shown) && shown.endsWith("\n"), "only whole lines are shown");
        long shownLines = shown.lines().count();
        long dropped = text.getBytes(StandardCharsets.UTF_8).length - shown.getBytes(StandardCharsets.UTF_8).length;
        assertEquals("\n[truncated: " + dropped + " bytes dropped, refine your query] next part: lines:" + (shownLines + 1) + "-5000",
                body.substring(marker));
        inspect(id, "lines:" + (shownLines + 1) + "-" + (shownLines + 1)).then()
                .body(equalTo(text.lines().skip(shownLines).findFirst().orElseThrow() + "\n"));
    }

    @Test
    void aSingleHugeLineIsCutAndReadsOnWithBytesThenTheNextLine() {
        String id = storeText("y".repeat(50_000) + "\nshort\n");
        inspect(id, "lines:1-2").then().statusCode(200)
                .body(startsWith("yyyy"))
                .body(containsString("[truncated: "))
                .body(endsWith("..50001 then lines:2-2"))
                .body(containsString("line 1 alone is 50001 bytes; next part: bytes:"));
    }

    @Test
    void wrongSelectorKindSaysWhichSelectorsFit() {
        String id = storeText(numbered(200));
        inspect(id, "slice:0..3").then().statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("a text with 200 lines: use lines:A-B"));
        inspect(id, "key:results").then().statusCode(400).body("detail", containsString("use lines:A-B"));
    }

    @Test
    void sliceOfAnArrayPastItsEndSaysHowManyEntriesExist() {
        String json = IntStream.range(0, 300).mapToObj(i -> "{\"i\":" + i + "}").collect(Collectors.joining(",", "[", "]"));
        String id = given().contentType(ContentType.JSON).body(json).when().post("/v1/tool-outputs?tool=t")
                .then().extract().path("blob.id");
        inspect(id, "slice:300..310").then().statusCode(400).body("detail", containsString("has 300 entries"));
        inspect(id, "slice:298..").then().statusCode(200).body(equalTo("[{\"i\":298},{\"i\":299}]"));
        inspect(id, "lines:1-2").then().statusCode(400).body("detail", containsString("use slice:A..B"));
    }

    @Test
    void badSyntaxSaysWhatWorks() {
        String id = storeText(numbered(200));
        inspect(id, "rows:1-3").then().statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("use lines:A-B (text, 1-based, inclusive), slice:A..B"));
    }

    @Test
    void malformedAndUnknownIds() {
        inspect("not-an-id", null).then().statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("is not a blob id"));
        inspect("0b9e5f0c-3c11-4a5e-8a2f-5b1e2f3a4b5c", null).then().statusCode(400)
                .body("detail", containsString("UUID version 7"));
        inspect("019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70", "lines:1-2").then().statusCode(404)
                .contentType("application/problem+json")
                .body("detail", containsString("no blob 019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70"));
    }

    @Test
    void readinessSaysTheReplicaServesAndTheStoreHasItsOwnGroup() {
        given().when().get("/q/health/ready").then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.find { it.name == 'replica' }.status", equalTo("UP"));
        given().when().get("/q/health/well").then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.find { it.name == 'blob-store' }.status", equalTo("UP"))
                .body("checks.find { it.name == 'blob-store' }.data.spooled-blobs", equalTo(0));
        given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
    }
}
