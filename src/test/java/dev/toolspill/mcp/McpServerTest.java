package dev.toolspill.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The MCP endpoint as a client sees it: JSON-RPC POSTs to /mcp over real HTTP, checked against the /v1 answers. */
@QuarkusTest
class McpServerTest {

    static final ObjectMapper MAPPER = new ObjectMapper();
    static final AtomicInteger IDS = new AtomicInteger();

    static Response post(String method, String params, String session) {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":" + IDS.incrementAndGet() + ",\"method\":\"" + method + "\",\"params\":" + params + "}";
        var request = given().contentType(ContentType.JSON).accept("application/json, text/event-stream").body(body);
        if (session != null) {
            request = request.header("Mcp-Session-Id", session);
        }
        return request.when().post("/mcp");
    }

    /** The JSON-RPC answer; its {@code result} or {@code error}. */
    static JsonNode rpc(String method, String params) throws Exception {
        Response response = post(method, params, null);
        response.then().statusCode(200).contentType(ContentType.JSON);
        return MAPPER.readTree(response.asByteArray()); // JSON is UTF-8, whatever the header says
    }

    static JsonNode result(String method, String params) throws Exception {
        JsonNode answer = rpc(method, params);
        assertTrue(answer.has("result"), () -> "expected a result: " + answer);
        return answer.get("result");
    }

    static JsonNode callTool(String name, String arguments) throws Exception {
        return result("tools/call", "{\"name\":\"" + name + "\",\"arguments\":" + arguments + "}");
    }

    static JsonNode read(String uri) throws Exception {
        JsonNode contents = result("resources/read", "{\"uri\":" + MAPPER.writeValueAsString(uri) + "}").get("contents");
        assertEquals(1, contents.size());
        assertEquals(uri, contents.get(0).get("uri").asText());
        return contents.get(0);
    }

    static String store(String body, ContentType type) {
        return given().contentType(type).body(body.getBytes(StandardCharsets.UTF_8))
                .when().post("/v1/tool-outputs?tool=t").then().statusCode(200).extract().path("blob.id");
    }

    static String blobBytes(String id) {
        return new String(given().when().get("/v1/blobs/" + id).then().statusCode(200).extract().asByteArray(), StandardCharsets.UTF_8);
    }

    static String numbered(int lines) {
        return IntStream.rangeClosed(1, lines).mapToObj(i -> "line " + i + " " + "ü".repeat(i % 5) + "\n").collect(Collectors.joining());
    }

    @Test
    void initializeOffersToolsAndResourcesAndASessionIdNoReplicaNeeds() throws Exception {
        Response response = post("initialize", """
                {"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}""", null);
        response.then().statusCode(200);
        assertNotNull(response.header("Mcp-Session-Id"));
        JsonNode result = MAPPER.readTree(response.asString()).get("result");
        assertEquals("2025-06-18", result.get("protocolVersion").asText());
        assertTrue(result.get("capabilities").has("tools"));
        assertTrue(result.get("capabilities").has("resources"));

        // A session another replica gave out, or none: either is answered (auto-init), so no replica needs the session.
        Response elsewhere = post("tools/call", "{\"name\":\"echo\",\"arguments\":{\"text\":\"hi\"}}", UUID.randomUUID().toString());
        elsewhere.then().statusCode(200);
        assertEquals("hi", MAPPER.readTree(elsewhere.asString()).at("/result/content/0/text").asText());
    }

    @Test
    void aMessageThatIsNoObjectIsAJsonRpcErrorWhateverCharsetItsContentTypeNames() {
        for (String type : List.of("application/json", "application/json; charset=utf-16", "text/plain; charset=utf-32")) {
            for (String body : List.of("12", "1e99999999", "\"\\ud800\"")) {
                given().contentType(type).accept("application/json, text/event-stream").body(body.getBytes(StandardCharsets.UTF_8))
                        .when().post("/mcp").then().statusCode(400)
                        .body("error.code", org.hamcrest.Matchers.equalTo(-32600));
            }
        }
    }

    @Test
    void getOpensNoStreamThatWouldTieAClientToOneReplica() {
        given().accept("text/event-stream").header("Mcp-Session-Id", UUID.randomUUID().toString())
                .when().get("/mcp").then().statusCode(405).header("Allow", "POST, DELETE");
    }

    @Test
    void theLegacySseTransportIsOffForTheSameReason() {
        given().when().get("/mcp/sse").then().statusCode(404).body(org.hamcrest.Matchers.containsString("Streamable HTTP at /mcp"));
    }

    @Test
    void toolsListHasEveryRegisteredToolWithItsSchemaAndHowToReadSummaries() throws Exception {
        JsonNode listed = result("tools/list", "{}").get("tools");
        JsonNode definitions = MAPPER.readTree(given().when().get("/v1/tools").asString()).get("tools");
        List<String> names = new ArrayList<>();
        listed.forEach(tool -> names.add(tool.get("name").asText()));
        List<String> expected = new ArrayList<>();
        definitions.forEach(tool -> expected.add(tool.get("name").asText()));
        assertEquals(expected.stream().sorted().toList(), names.stream().sorted().toList());
        assertTrue(names.contains("inspect"));

        for (JsonNode definition : definitions) {
            JsonNode tool = find(listed, definition.get("name").asText());
            assertEquals(definition.get("parameters"), tool.get("inputSchema"), () -> "schema of " + tool);
            assertTrue(tool.get("description").asText().startsWith(definition.get("description").asText()));
        }
        String inspect = find(listed, "inspect").get("description").asText();
        assertTrue(inspect.contains("lines:A-B") && inspect.contains("slice:A..B") && inspect.contains("key:NAME"), inspect);
        assertTrue(inspect.contains("next part"), inspect);
        assertTrue(find(listed, "echo").get("description").asText().contains("[blob:<id>]"));
    }

    private static JsonNode find(JsonNode tools, String name) {
        for (JsonNode tool : tools) {
            if (tool.get("name").asText().equals(name)) {
                return tool;
            }
        }
        throw new AssertionError("no tool " + name + " in " + tools);
    }

    @Test
    void anInlineOutputIsOneTextContent() throws Exception {
        JsonNode result = callTool("echo", "{\"text\":\"hello\",\"times\":2}");
        assertFalse(result.path("isError").asBoolean());
        assertEquals(1, result.get("content").size());
        assertEquals("text", result.at("/content/0/type").asText());
        assertEquals("hellohello", result.at("/content/0/text").asText());
        assertFalse(result.has("structuredContent"));
    }

    @Test
    void aStoredOutputIsItsSummaryALinkToTheBlobAndTheFacts() throws Exception {
        String text = "row of a long listing\n".repeat(500);
        JsonNode result = callTool("echo", "{\"text\":\"row of a long listing\\n\",\"times\":500}");
        assertFalse(result.path("isError").asBoolean());
        JsonNode content = result.get("content");
        assertEquals(2, content.size());
        String summary = content.get(0).get("text").asText();
        assertTrue(summary.startsWith("[blob:") && summary.contains("text | 500 lines"), summary);
        String id = summary.substring(6, 42);

        JsonNode link = content.get(1);
        assertEquals("resource_link", link.get("type").asText());
        assertEquals("toolspill://blobs/" + id, link.get("uri").asText());
        assertEquals("blob-" + id, link.get("name").asText());
        assertEquals("text/plain; charset=utf-8", link.get("mimeType").asText());
        assertEquals(text.length(), link.get("size").asInt());

        JsonNode facts = result.get("structuredContent");
        assertEquals("ok", facts.get("status").asText());
        assertEquals("echo", facts.get("tool").asText());
        assertTrue(facts.get("call_id").asText().startsWith("mcp-"));
        assertEquals(id, facts.at("/blob/id").asText());
        assertEquals("text", facts.at("/blob/kind").asText());
        assertEquals(text.length(), facts.at("/blob/bytes").asLong());
        assertEquals(500, facts.at("/blob/lines").asLong());
        assertTrue(facts.get("truncated").isNull());
        assertFalse(facts.has("output"), "the text is in the content already");

        JsonNode blob = read(link.get("uri").asText());
        assertEquals(blobBytes(id), blob.get("text").asText());
        assertEquals(text, blob.get("text").asText());
        assertEquals("text/plain; charset=utf-8", blob.get("mimeType").asText());
    }

    @Test
    void aToolErrorIsAnErrorResultWithTheMessageOfV1() throws Exception {
        JsonNode failing = callTool("failing", "{}");
        assertTrue(failing.get("isError").asBoolean());
        assertEquals("the disk is on fire; try the tool 'echo' instead", failing.at("/content/0/text").asText());

        JsonNode invalid = callTool("echo", "{\"times\":0}");
        assertTrue(invalid.get("isError").asBoolean());
        String message = invalid.at("/content/0/text").asText();
        assertTrue(message.startsWith("arguments of echo do not match its schema") && message.contains("text"), message);
        String v1 = given().contentType(ContentType.JSON).body("{\"calls\":[{\"id\":\"1\",\"name\":\"echo\",\"arguments\":{\"times\":0}}]}")
                .when().post("/v1/tool-calls").then().statusCode(200).extract().path("results[0].output");
        assertEquals(v1, message);
    }

    @Test
    void nullArgumentsReachThePipelineAndAreJudgedAsOnV1() throws Exception {
        String id = store(numbered(200), ContentType.TEXT);
        String arguments = "{\"blob_id\":\"" + id + "\",\"selector\":null}";
        JsonNode result = callTool("inspect", arguments);
        String v1 = given().contentType(ContentType.JSON).body("{\"calls\":[{\"id\":\"1\",\"name\":\"inspect\",\"arguments\":" + arguments + "}]}")
                .when().post("/v1/tool-calls").then().statusCode(200).extract().path("results[0].output");
        assertEquals(v1, result.at("/content/0/text").asText());
        assertTrue(result.get("isError").asBoolean(), result.toString());
    }

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
