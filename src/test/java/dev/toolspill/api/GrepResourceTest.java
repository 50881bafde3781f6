package dev.toolspill.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** grep: through the HTTP layer: the inspect endpoint's Link header, the result item's next, and 400s that say what works. */
@QuarkusTest
class GrepResourceTest {

    /** 6000 log lines; every 500th times out in upper case, the other 7th ones in lower case. */
    static final String LOG = IntStream.rangeClosed(1, 6000)
            .mapToObj(i -> "2026-11-29T10:00:00Z " + (i % 500 == 0 ? "ERROR request " + i + " TIMEOUT after 30 s"
                    : i % 7 == 0 ? "WARN request " + i + " timeout after " + i % 30 + " s ü😀" : "INFO request " + i + " served") + "\n")
            .collect(Collectors.joining());

    static String storeText(String text) {
        return given().contentType(ContentType.TEXT).body(text.getBytes(StandardCharsets.UTF_8))
                .when().post("/v1/tool-outputs?tool=t").then().statusCode(200).extract().path("blob.id");
    }

    private static List<String> expected(boolean ignoreCase) {
        List<String> lines = LOG.lines().toList();
        return IntStream.range(0, lines.size()).filter(i -> ignoreCase ? lines.get(i).toLowerCase().contains("timeout")
                : lines.get(i).contains("timeout")).mapToObj(i -> (i + 1) + ": " + lines.get(i)).toList();
    }

    /** A page's matching lines: all lines but its last, which says what it searched and names the next part. */
    private static List<String> matches(String page) {
        List<String> lines = new ArrayList<>(page.lines().toList());
        assertTrue(lines.get(lines.size() - 1).startsWith("["), page);
        return lines.subList(0, lines.size() - 1);
    }

    @Test
    void followingTheLinkHeaderGivesEveryMatchOnce() {
        String id = storeText(LOG);
        List<String> found = new ArrayList<>();
        String url = "/v1/blobs/" + id + "/inspect?selector=grep%3Atimeout";
        int parts = 0;
        while (url != null) {
            Response part = given().urlEncodingEnabled(false).get(url);
            part.then().statusCode(200).contentType("text/plain");
            assertTrue(part.asString().getBytes(StandardCharsets.UTF_8).length <= 16384);
            found.addAll(matches(part.asString()));
            String link = part.header("Link");
            if (link == null) {
                url = null;
            } else {
                Matcher next = InspectPagingResourceTest.NEXT_LINK.matcher(link);
                assertTrue(next.matches(), link);
                url = next.group(1);
                assertTrue(url.startsWith("/v1/blobs/" + id + "/inspect?selector=grep%3Atimeout+from%3A")
                        || url.startsWith("/v1/blobs/" + id + "/inspect?selector=grep%3Atimeout%20from%3A"), url);
            }
            parts++;
        }
        assertEquals(expected(false), found);
        assertTrue(parts >= 3, "about 70 KB of matching lines come in parts of at most 16 KiB: " + parts);
    }

    @Test
    void theResultItemCarriesNextAndACaseInsensitiveRegexFindsEveryCase() throws Exception {
        String id = storeText(LOG);
        List<String> found = new ArrayList<>();
        String selector = "grep:/time(d )?out/i";
        while (selector != null) {
            String call = InspectPagingResourceTest.MAPPER.writeValueAsString(InspectPagingResourceTest.MAPPER.createObjectNode()
                    .set("calls", InspectPagingResourceTest.MAPPER.createArrayNode().add(InspectPagingResourceTest.MAPPER.createObjectNode()
                            .put("id", "1").put("name", "inspect").set("arguments", InspectPagingResourceTest.MAPPER.createObjectNode()
                                    .put("blob_id", id).put("selector", selector)))));
            JsonNode item = InspectPagingResourceTest.MAPPER.readTree(given().contentType(ContentType.JSON).body(call)
                    .when().post("/v1/tool-calls").then().statusCode(200).extract().asString()).get("results").get(0);
            assertEquals("ok", item.get("status").asText(), item.toString());
            assertTrue(item.get("truncated").isNull(), "a page that stops before a match is not a cut");
            String output = item.get("output").asText();
            found.addAll(matches(output));
            selector = item.has("next") ? item.get("next").asText() : null;
            assertTrue(selector == null || output.endsWith("next part: " + selector + "]"), output.substring(output.lastIndexOf('\n')));
        }
        assertEquals(expected(true), found);
    }

    @Test
    void contextAndMaxShapeOnePage() {
        String id = storeText(LOG);
        InspectPagingResourceTest.inspect(id, "grep:TIMEOUT context:1 max:2", ContentType.TEXT).then().statusCode(200)
                .header("Link", containsString("selector=grep%3ATIMEOUT"))
                .body(equalTo("499- 2026-11-29T10:00:00Z INFO request 499 served\n"
                        + "500: 2026-11-29T10:00:00Z ERROR request 500 TIMEOUT after 30 s\n"
                        + "501- 2026-11-29T10:00:00Z INFO request 501 served\n--\n"
                        + "999- 2026-11-29T10:00:00Z INFO request 999 served\n"
                        + "1000: 2026-11-29T10:00:00Z ERROR request 1000 TIMEOUT after 30 s\n"
                        + "1001- 2026-11-29T10:00:00Z WARN request 1001 timeout after 11 s ü😀\n"
                        + "[2 matches in lines 1-1499, max:2 reached; next part: grep:TIMEOUT context:1 max:2 from:1500]"));
    }

    @Test
    void aBadPatternIsA400ThatSaysWhatWorks() {
        String id = storeText(LOG);
        InspectPagingResourceTest.inspect(id, "grep:/time(out/", ContentType.TEXT).then().statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("is not a valid regular expression (Unclosed group"))
                .body("detail", containsString("or search for the text as it is with grep:\"TEXT\""));
        InspectPagingResourceTest.inspect(id, "grep:x max:0", ContentType.TEXT).then().statusCode(400)
                .body("detail", containsString("e.g. grep:timeout, grep:\"Connection refused\"i max:20, grep:/time(d )?out/i context:2"));
        String object = InspectPagingResourceTest.storeJson(InspectPagingResourceTest.DOC);
        InspectPagingResourceTest.inspect(object, "grep:r1", ContentType.TEXT).then().statusCode(400)
                .body("detail", containsString("grep: searches the lines of a text or the entries of a JSON array"));
    }

    @Test
    void aRegexThatWouldBacktrackCatastrophicallyAnswersInsteadOfHanging() throws Exception {
        String id = storeText("ok\n" + "1,".repeat(60) + "\n" + "filler line\n".repeat(200));
        String call = """
                {"calls":[{"id":"1","name":"inspect","arguments":{"blob_id":"%s","selector":"grep:/(.*,){11}P/"}}]}""".formatted(id);
        JsonNode item = InspectPagingResourceTest.MAPPER.readTree(given().contentType(ContentType.JSON).body(call)
                .when().post("/v1/tool-calls").then().statusCode(200).extract().asString()).get("results").get(0);
        assertEquals("ok", item.get("status").asText(), item.toString());
        assertEquals("[no matches in lines 1-202]", item.get("output").asText());
        assertNull(item.get("next"));
    }

    @Test
    void theToolDescriptionGivesGrepExamples() {
        given().when().get("/v1/tools").then().statusCode(200)
                .body("tools.find { it.name == 'inspect' }.description", containsString("grep:/time(d )?out/i context:2"))
                .body("tools.find { it.name == 'inspect' }.parameters.properties.selector.description",
                        containsString("grep:\"Connection refused\"i (i ignores case)"));
    }
}
