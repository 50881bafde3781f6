package dev.toolspill.api;

import dev.toolspill.tool.remote.RemoteToolServer;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A stored output handed to the next tool by its id, without the model reading it. */
@QuarkusTest
@QuarkusTestResource(RemoteToolServer.class) // same settings as ToolCallsResourceTest (max-blob-bytes 4 MiB): one app for both
class BlobArgumentsTest {

    private static String store(String text, ContentType type) {
        return given().contentType(type.withCharset(StandardCharsets.UTF_8)).body(text.getBytes(StandardCharsets.UTF_8)).when().post("/v1/tool-outputs?tool=read_file").then().statusCode(200)
                .extract().path("blob.id");
    }

    private static Response echo(String text) {
        return ToolCallsResourceTest.batch("{\"calls\":[{\"id\":\"1\",\"name\":\"echo\",\"arguments\":{\"text\":" + text + "}}]}");
    }

    private static String lines(int from, int to) {
        StringBuilder text = new StringBuilder();
        for (int i = from; i <= to; i++) {
            text.append("line ").append(i).append(" of a long search result é😀\n");
        }
        return text.toString();
    }

    @Test
    void aWholeBlobIsPassedByItsIdAndReachesTheToolByteForByte() {
        String text = lines(1, 80_000); // about 3 MB
        String id = store(text, ContentType.TEXT);
        Response response = echo("{\"$blob\":\"" + id + "\"}");
        assertEquals("ok", response.path("results[0].status"), response.asString());
        String copy = response.path("results[0].blob.id");
        byte[] stored = given().when().get("/v1/blobs/" + copy).then().statusCode(200).extract().asByteArray();
        assertArrayEquals(text.getBytes(StandardCharsets.UTF_8), stored, "the tool got the blob's text, and its output holds it all");
    }

    @Test
    void aSelectionIsPassedAsInspectWouldReturnIt() {
        String id = store(lines(1, 5_000), ContentType.TEXT);
        Response response = echo("{\"$blob\":\"" + id + "\",\"selector\":\"lines:20-22\"}");
        assertEquals("ok", response.path("results[0].status"), response.asString());
        assertEquals(lines(20, 22), response.path("results[0].output"));
    }

    @Test
    void aSelectionThatInspectWouldAnswerInPartsIsRefusedNotPassedInPart() {
        String id = store(lines(1, 5_000), ContentType.TEXT);
        // the first page of this grep is not cut (a page of whole matches) but it is not all of them: none may pass
        for (String selector : new String[] {"grep:long search", "bytes:0..10 then lines:2-3"}) {
            Response response = echo("{\"$blob\":\"" + id + "\",\"selector\":\"" + selector + "\"}");
            assertEquals("error", response.path("results[0].status"), selector + ": " + response.asString());
            assertEquals("argument 'text': the selection " + selector + " is larger than inspect returns at once; pass a narrower "
                    + "selector, or the whole blob (without a selector)", response.path("results[0].output"));
        }
        Response one = echo("{\"$blob\":\"" + id + "\",\"selector\":\"grep:line 4999 of\"}");
        assertEquals("ok", one.path("results[0].status"), one.asString());
        assertEquals("4999: line 4999 of a long search result é😀\n[1 match in lines 1-5000]", one.path("results[0].output"));
    }

    @Test
    void aBadSelectorNamesTheArgument() {
        String id = store(lines(1, 5_000), ContentType.TEXT);
        Response response = echo("{\"$blob\":\"" + id + "\",\"selector\":\"lines:0-1\"}");
        assertEquals("error", response.path("results[0].status"));
        assertTrue(response.<String>path("results[0].output").startsWith("argument 'text': selector 'lines:0-1' is not a line range"),
                response.asString());
    }

    @Test
    void theArgumentsAreCheckedAgainstTheSchemaAfterTheBlobIsInPlace() {
        String id = store("[" + "{\"n\":1},".repeat(200) + "{\"n\":2}]", ContentType.JSON);
        Response asJson = echo("{\"$blob\":\"" + id + "\",\"as\":\"json\"}");
        assertEquals("error", asJson.path("results[0].status"));
        assertTrue(asJson.<String>path("results[0].output").contains("do not match its schema"), asJson.asString());
        Response asText = echo("{\"$blob\":\"" + id + "\"}");
        assertEquals("ok", asText.path("results[0].status"), "as text it is the string the schema asks for");
    }

    @Test
    void aBlobOverTheCapOrUnknownIsAClearError() {
        String big = store(lines(1, 120_000), ContentType.TEXT); // about 4.8 MB, over the 4 MiB these tests allow
        Response over = echo("{\"$blob\":\"" + big + "\"}");
        assertEquals("error", over.path("results[0].status"));
        assertTrue(over.<String>path("results[0].output").contains("toolspill.arguments.max-blob-bytes"), over.asString());
        Response unknown = echo("{\"$blob\":\"01234567-89ab-7def-8123-456789abcdef\"}");
        assertEquals("error", unknown.path("results[0].status"));
        assertTrue(unknown.<String>path("results[0].output").contains("no blob 01234567-89ab-7def-8123-456789abcdef"), unknown.asString());
        Response malformed = echo("{\"$blob\":42}");
        assertTrue(malformed.<String>path("results[0].output").contains("must be a blob id"), malformed.asString());
    }
}
