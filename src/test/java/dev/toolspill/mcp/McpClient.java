package dev.toolspill.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.http.ContentType;
import io.restassured.response.Response;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How the MCP tests talk to {@code /mcp}: JSON-RPC POSTs over real HTTP, and the blobs they store and read back
 * through {@code /v1} to compare.
 */
final class McpClient {

    static final ObjectMapper MAPPER = new ObjectMapper();
    static final AtomicInteger IDS = new AtomicInteger();

    private McpClient() {
    }

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
}
