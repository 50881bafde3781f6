package dev.toolspill.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** bytes:, path: and the next part, through the HTTP layer: the inspect endpoint and the inspect tool in a batch. */
@QuarkusTest
class InspectPagingResourceTest {

    static final ObjectMapper MAPPER = new ObjectMapper();
    static final Pattern NEXT_LINK = Pattern.compile("<([^>]+)>; rel=\"next\"");

    /** 40 results and one value, /big, of about 60 KB: far over the default limit of 16 KiB. */
    static final String BIG = "\"" + "日本語 and ascii 😀 ".repeat(2500) + "\"";
    static final String DOC = "{\"results\": [" + IntStream.range(0, 40).mapToObj(i -> "{\"id\": " + i + ", \"name\": \"r" + i + "\"}")
            .collect(Collectors.joining(", ")) + "], \"big\": " + BIG + ", \"a/b\": {\"m~n\": true}}";

    static String storeJson(String json) {
        return given().contentType(ContentType.JSON).body(json.getBytes(StandardCharsets.UTF_8))
                .when().post("/v1/tool-outputs?tool=t").then().statusCode(200).extract().path("blob.id");
    }

    static Response inspect(String id, String selector, ContentType accept) {
        return given().accept(accept).queryParam("selector", selector).when().get("/v1/blobs/" + id + "/inspect");
    }

    /** A part's content: its text less the marker line a cut ends with. */
    static String content(String output, boolean cut) {
        return cut ? output.substring(0, output.lastIndexOf("\n[truncated: ")) : output;
    }

    @Test
    void pathSelectorsReturnTheStoredBytes() {
        String id = storeJson(DOC);
        inspect(id, "path:/results/3/name", ContentType.TEXT).then().statusCode(200).body(equalTo("\"r3\""));
        inspect(id, "path:/results slice:1..3", ContentType.TEXT).then().statusCode(200)
                .body(equalTo("[{\"id\": 1, \"name\": \"r1\"},{\"id\": 2, \"name\": \"r2\"}]"));
        inspect(id, "path:/a~1b/m~0n", ContentType.TEXT).then().statusCode(200).body(equalTo("true"));
        inspect(id, "path:/results/3/title", ContentType.TEXT).then().statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("/results/3 has no key \"title\"; it is an object of 2 keys: id, name"));
        inspect(id, "path:/results/40", ContentType.TEXT).then().statusCode(400)
                .body("detail", containsString("/results is an array of 40 entries (0..39), so 40 is past its end"));
        inspect(id, "path:results", ContentType.TEXT).then().statusCode(400).body("detail", containsString("starts with '/'"));
    }

    @Test
    void bytesSayWhichBytesTheyCoverWhenAnEndMoved() {
        String id = storeJson(DOC);
        int big = DOC.substring(0, DOC.indexOf(BIG)).getBytes(StandardCharsets.UTF_8).length; // where /big starts: its quote
        inspect(id, "bytes:" + big + ".." + (big + 4), ContentType.TEXT).then().statusCode(200).body(equalTo("\"日"));
        // '日' is 3 bytes: asking from its second byte moves on to the next character
        String moved = inspect(id, "bytes:" + (big + 2) + ".." + (big + 7), ContentType.TEXT).then().statusCode(200).extract().asString();
        assertEquals("本\n[bytes " + (big + 4) + ".." + (big + 7) + " of " + DOC.getBytes(StandardCharsets.UTF_8).length
                + ": an end inside a character moved to the next character]", moved);
    }

    @Test
    void aCutAnswerNamesTheNextPartInJsonAndFollowingItRebuildsTheValue() throws Exception {
        String id = storeJson(DOC);
        StringBuilder value = new StringBuilder();
        String selector = "path:/big";
        int parts = 0;
        while (selector != null) {
            JsonNode item = MAPPER.readTree(inspect(id, selector, ContentType.JSON).then().statusCode(200)
                    .contentType(ContentType.JSON).extract().asString());
            assertEquals("inspect", item.get("tool").asText());
            assertEquals("ok", item.get("status").asText());
            boolean cut = !item.get("truncated").isNull();
            String output = item.get("output").asText();
            assertTrue(output.getBytes(StandardCharsets.UTF_8).length <= 16384);
            value.append(content(output, cut));
            selector = item.has("next") ? item.get("next").asText() : null;
            assertTrue(selector == null || output.endsWith("next part: " + selector), "the text names the same next part: " + output);
            parts++;
        }
        assertEquals(BIG, value.toString(), "the parts, joined, are the value as stored");
        assertTrue(parts >= 4, "a 60 KB value comes in parts of at most 16 KiB: " + parts);
    }

    @Test
    void theTextAnswerLinksToTheNextPart() {
        String text = IntStream.rangeClosed(1, 4000).mapToObj(i -> "line " + i + " ü€😀\n").collect(Collectors.joining());
        String id = given().contentType(ContentType.TEXT).body(text.getBytes(StandardCharsets.UTF_8))
                .when().post("/v1/tool-outputs?tool=t").then().statusCode(200).extract().path("blob.id");
        StringBuilder joined = new StringBuilder();
        String url = "/v1/blobs/" + id + "/inspect?selector=lines%3A1-4000";
        while (url != null) {
            Response part = given().urlEncodingEnabled(false).get(url);
            part.then().statusCode(200).contentType("text/plain");
            String link = part.header("Link");
            joined.append(content(part.asString(), link != null));
            if (link == null) {
                url = null;
            } else {
                Matcher next = NEXT_LINK.matcher(link);
                assertTrue(next.matches(), link);
                url = next.group(1);
                assertTrue(url.startsWith("/v1/blobs/" + id + "/inspect?selector=lines%3A"), url);
            }
        }
        assertEquals(text, joined.toString());
    }

    @Test
    void theResultItemCarriesNextOnlyWhenThereIsANextPart() throws Exception {
        String id = storeJson(DOC);
        String batch = """
                {"calls":[{"id":"1","name":"inspect","arguments":{"blob_id":"%s","selector":"path:/big"}},
                          {"id":"2","name":"inspect","arguments":{"blob_id":"%s","selector":"path:/results/0"}}]}""".formatted(id, id);
        JsonNode results = MAPPER.readTree(given().contentType(ContentType.JSON).body(batch).when().post("/v1/tool-calls")
                .then().statusCode(200).extract().asString()).get("results");
        JsonNode cut = results.get(0);
        assertNotNull(cut.get("next"));
        assertTrue(cut.get("next").asText().matches("bytes:\\d+\\.\\.\\d+"), cut.get("next").asText());
        assertTrue(cut.get("output").asText().endsWith("next part: " + cut.get("next").asText()));
        assertFalse(cut.get("truncated").isNull());
        JsonNode whole = results.get(1);
        assertEquals("{\"id\": 0, \"name\": \"r0\"}", whole.get("output").asText());
        assertNull(whole.get("next"), "no next part: the field is left out");
        assertTrue(whole.get("truncated").isNull());
    }

    @Test
    void theToolDescriptionShowsTheNewSelectors() {
        given().when().get("/v1/tools").then().statusCode(200)
                .body("tools.find { it.name == 'inspect' }.description", containsString("path:/results/120/name"))
                .body("tools.find { it.name == 'inspect' }.parameters.properties.selector.description",
                        containsString("path:/results slice:100..120"))
                .body("tools.find { it.name == 'inspect' }.parameters.properties.selector.description", containsString("bytes:A..B"))
                .body("tools.find { it.name == 'nope' }", nullValue());
    }
}
