package dev.toolspill.mcp;

import dev.toolspill.http.Problem;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static dev.toolspill.mcp.McpClient.MAPPER;
import static dev.toolspill.mcp.McpClient.blobBytes;
import static dev.toolspill.mcp.McpClient.callTool;
import static dev.toolspill.mcp.McpClient.numbered;
import static dev.toolspill.mcp.McpClient.post;
import static dev.toolspill.mcp.McpClient.read;
import static dev.toolspill.mcp.McpClient.result;
import static dev.toolspill.mcp.McpClient.store;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The MCP endpoint as a client sees it: JSON-RPC POSTs to /mcp over real HTTP, checked against the /v1 answers. Its
 * transport, its tools and what a tool call answers; reading stored blobs is {@link McpResourcesTest}'s.
 */
@QuarkusTest
class McpServerTest {

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

    /** A message over the MCP body handler's own default (10 MiB) but within toolspill.pipeline.max-body-bytes is read. */
    @Test
    void aMessageUpToTheEdgesCapIsRead() {
        String big = "x".repeat(11 << 20);
        given().contentType("application/json").accept("application/json, text/event-stream")
                .body("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"pad\":\"" + big + "\"}}")
                .when().post("/mcp").then().statusCode(200).body("id", org.hamcrest.Matchers.equalTo(1));
    }

    @Test
    void getOpensNoStreamThatWouldTieAClientToOneReplica() {
        given().accept("text/event-stream").header("Mcp-Session-Id", UUID.randomUUID().toString())
                .when().get("/mcp").then().statusCode(405).header("Allow", "DELETE, OPTIONS, POST").contentType(Problem.MEDIA_TYPE);
        for (String method : List.of("PUT", "PATCH")) {
            given().contentType("application/json").body("{}").when().request(method, "/mcp").then().statusCode(405)
                    .header("Allow", "DELETE, OPTIONS, POST").contentType(Problem.MEDIA_TYPE)
                    .body("detail", org.hamcrest.Matchers.containsString("POST a JSON-RPC message"));
        }
    }

    @Test
    void deleteEndsTheSessionItsHeaderNames() {
        given().when().delete("/mcp").then().statusCode(400).contentType(Problem.MEDIA_TYPE)
                .body("detail", org.hamcrest.Matchers.containsString("Mcp-Session-Id"));
        given().header("Mcp-Session-Id", " ").when().delete("/mcp").then().statusCode(400).contentType(Problem.MEDIA_TYPE);
        given().header("Mcp-Session-Id", UUID.randomUUID().toString()).when().delete("/mcp").then().statusCode(404);
    }

    /** What the library would log as an unknown session, verbatim, never reaches it: 400 at the edge, on every method. */
    @Test
    void aSessionIdIsVisibleAsciiOfBoundedLength() {
        for (String id : List.of("a".repeat(129), "not a uuid <>", "tab\there")) {
            for (String method : List.of("POST", "DELETE")) {
                given().header("Mcp-Session-Id", id).contentType("application/json").accept("application/json, text/event-stream")
                        .body("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}").when().request(method, "/mcp")
                        .then().statusCode(400).contentType(Problem.MEDIA_TYPE)
                        .body("detail", org.hamcrest.Matchers.containsString("visible ASCII"));
            }
        }
        given().header("Mcp-Session-Id", "a".repeat(128)).contentType("application/json").accept("application/json, text/event-stream")
                .body("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}").when().post("/mcp").then().statusCode(200);
    }

    @Test
    void theLegacySseTransportIsOffForTheSameReason() {
        given().when().get("/mcp/sse").then().statusCode(404).contentType(Problem.MEDIA_TYPE)
                .body("detail", org.hamcrest.Matchers.containsString("Streamable HTTP at /mcp"));
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
}
