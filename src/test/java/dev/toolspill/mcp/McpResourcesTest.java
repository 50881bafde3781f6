package dev.toolspill.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static dev.toolspill.mcp.McpClient.MAPPER;
import static dev.toolspill.mcp.McpClient.callTool;
import static dev.toolspill.mcp.McpClient.numbered;
import static dev.toolspill.mcp.McpClient.read;
import static dev.toolspill.mcp.McpClient.result;
import static dev.toolspill.mcp.McpClient.rpc;
import static dev.toolspill.mcp.McpClient.store;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reading stored blobs over MCP: the {@code inspect} tool and the {@code toolspill://blobs/...} resources and their
 * templates, each read cut to the inspect limit with the selector that reads on, and the errors of a bad read.
 */
@QuarkusTest
class McpResourcesTest {

    @Test
    void inspectRunsThroughTheSamePipeline() throws Exception {
        String text = numbered(300);
        String id = store(text, ContentType.TEXT);
        JsonNode result = callTool("inspect", "{\"blob_id\":\"" + id + "\",\"selector\":\"lines:2-3\"}");
        assertEquals(List.of("line 2 üü", "line 3 üüü"), List.of(result.at("/content/0/text").asText().split("\n")));
        assertEquals(1, result.get("content").size());

        JsonNode wrong = callTool("inspect", "{\"blob_id\":\"" + id + "\",\"selector\":\"slice:0..2\"}");
        assertTrue(wrong.get("isError").asBoolean());
        assertTrue(wrong.at("/content/0/text").asText().contains("use lines:A-B"));
    }

    @Test
    void aReadOverTheInspectLimitAnswersTheFirstPartAndTheSelectorThatReadsOn() throws Exception {
        String text = numbered(2000);
        String id = store(text, ContentType.TEXT);
        JsonNode first = read("toolspill://blobs/" + id);
        String shown = first.get("text").asText();
        assertTrue(shown.getBytes(StandardCharsets.UTF_8).length <= 16384);
        int cut = shown.indexOf("\n[truncated: ");
        assertTrue(cut > 0, shown);
        assertTrue(text.startsWith(shown.substring(0, cut)), "the first part is the blob's own first lines");
        long linesShown = shown.substring(0, cut).chars().filter(c -> c == '\n').count();
        assertTrue(shown.endsWith("next part: lines:" + (linesShown + 1) + "-2000"), shown.substring(cut));
        assertEquals("text/plain; charset=utf-8", first.get("mimeType").asText());
    }

    @Test
    void aLargeObjectReadsFromItsStartAndNamesTheKeyThatReadsOn() throws Exception {
        String json = "{\"small\":1,\"big\":\"" + "x".repeat(20_000) + "\",\"after\":true}";
        String id = store(json, ContentType.JSON);
        String shown = read("toolspill://blobs/" + id).get("text").asText();
        assertTrue(shown.startsWith("{\"small\":1,\"big\":\"xxx"), shown.substring(0, 40));
        assertTrue(shown.endsWith("next part: key:big"), shown.substring(shown.length() - 80));
    }

    @Test
    void templatesReadLinesSlicesAndKeys() throws Exception {
        String textId = store(numbered(200), ContentType.TEXT);
        JsonNode lines = read("toolspill://blobs/" + textId + "/lines/10-11");
        assertEquals("line 10 \nline 11 ü\n", lines.get("text").asText());
        assertEquals("text/plain; charset=utf-8", lines.get("mimeType").asText());

        String array = IntStream.range(0, 100).mapToObj(i -> "{\"n\":" + i + ",\"pad\":\"" + "p".repeat(10) + "\"}")
                .collect(Collectors.joining(",", "[", "]"));
        String arrayId = store(array, ContentType.JSON);
        JsonNode slice = read("toolspill://blobs/" + arrayId + "/slice/10..12");
        assertEquals(MAPPER.readTree("[{\"n\":10,\"pad\":\"pppppppppp\"},{\"n\":11,\"pad\":\"pppppppppp\"}]"), MAPPER.readTree(slice.get("text").asText()));
        assertEquals("application/json", slice.get("mimeType").asText());
        JsonNode whole = read("toolspill://blobs/" + arrayId);
        assertEquals(array, whole.get("text").asText());
        assertEquals("application/json", whole.get("mimeType").asText());

        String object = "{\"a/b c\":[1,2,3],\"pad\":\"" + "q".repeat(900) + "\"}";
        String objectId = store(object, ContentType.JSON);
        assertEquals("[1,2,3]", read("toolspill://blobs/" + objectId + "/key/a%2Fb%20c").get("text").asText());
    }

    @Test
    void templatesAreListed() throws Exception {
        JsonNode templates = result("resources/templates/list", "{}").get("resourceTemplates");
        List<String> uris = new ArrayList<>();
        templates.forEach(template -> uris.add(template.get("uriTemplate").asText()));
        assertEquals(List.of("toolspill://blobs/{id}", "toolspill://blobs/{id}/key/{name}", "toolspill://blobs/{id}/lines/{from}-{to}",
                "toolspill://blobs/{id}/slice/{from}..{to}"), uris.stream().sorted().toList());
    }

    @Test
    void anUnknownBlobIsResourceNotFoundAndBadUrisSayWhatWorks() throws Exception {
        String unknown = "019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70";
        JsonNode missing = rpc("resources/read", "{\"uri\":\"toolspill://blobs/" + unknown + "\"}").get("error");
        assertEquals(-32002, missing.get("code").asInt());
        assertEquals("no blob " + unknown + " in the store: use the id from a summary's [blob:<id>] line", missing.get("message").asText());
        assertEquals(-32002, rpc("resources/read", "{\"uri\":\"toolspill://blobs/" + unknown + "/lines/1-2\"}").at("/error/code").asInt());

        JsonNode badId = rpc("resources/read", "{\"uri\":\"toolspill://blobs/not-an-id\"}").get("error");
        assertEquals(-32602, badId.get("code").asInt());
        assertTrue(badId.get("message").asText().contains("is not a blob id"), badId.toString());

        String textId = store(numbered(200), ContentType.TEXT);
        JsonNode wrongKind = rpc("resources/read", "{\"uri\":\"toolspill://blobs/" + textId + "/slice/0..2\"}").get("error");
        assertEquals(-32602, wrongKind.get("code").asInt());
        assertTrue(wrongKind.get("message").asText().contains("use lines:A-B"), wrongKind.toString());
        JsonNode pastTheEnd = rpc("resources/read", "{\"uri\":\"toolspill://blobs/" + textId + "/lines/300-400\"}").get("error");
        assertTrue(pastTheEnd.get("message").asText().contains("has 200 lines"), pastTheEnd.toString());

        JsonNode elsewhere = rpc("resources/read", "{\"uri\":\"file:///etc/passwd\"}").get("error");
        assertEquals(-32002, elsewhere.get("code").asInt());
        for (JsonNode error : List.of(missing, badId, wrongKind, pastTheEnd, elsewhere)) {
            String message = error.toString();
            assertFalse(message.contains("Exception") || message.contains("dev.toolspill") || message.contains("\tat "), message);
        }
    }
}
