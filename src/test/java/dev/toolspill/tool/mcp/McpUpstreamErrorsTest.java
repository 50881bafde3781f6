package dev.toolspill.tool.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.toolspill.tenant.Caller;
import dev.toolspill.tool.ToolException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An upstream MCP server (a real HTTP server speaking Streamable HTTP) whose tools fail in the ways HTTP can: each
 * failure reaches the model as what happened (too large, refused, overloaded, a server error, not MCP), with the
 * HTTP status, and never with a Java class name or the server's address.
 */
class McpUpstreamErrorsTest {

    static final ObjectMapper MAPPER = new ObjectMapper();

    private HttpServer server;
    private McpUpstream upstream;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/mcp", McpUpstreamErrorsTest::exchange);
        server.start();
        upstream = McpUpstreamLimitsTest.upstream("http://127.0.0.1:" + server.getAddress().getPort() + "/mcp", 1 << 20, () -> { });
        upstream.refresh().await().atMost(Duration.ofMinutes(1));
        assertEquals(STATUSES.length, upstream.tools().size());
    }

    @AfterEach
    void stop() {
        upstream.close();
        server.stop(0);
    }

    /** Tool {@code http_<status>} answers its tools/call with that HTTP status, a short HTML body and no MCP message. */
    static final int[] STATUSES = {413, 401, 403, 429, 500, 502, 503, 400};

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "413 | its MCP server up refused the call as too large (HTTP 413); send smaller arguments",
        "401 | its MCP server up refused Toolspill's credentials (HTTP 401)",
        "403 | its MCP server up refused Toolspill's credentials (HTTP 403)",
        "429 | its MCP server up is rate limiting (HTTP 429); retry later",
        "500 | its MCP server up failed (HTTP 500); try again later or use another tool",
        "502 | its MCP server up failed (HTTP 502); try again later or use another tool",
        "503 | its MCP server up failed (HTTP 503); try again later or use another tool",
        "400 | its MCP server up refused the call (HTTP 400)"})
    void anHttpErrorIsReportedByWhatItMeansWithItsStatus(int status, String said) {
        ToolException failure = assertThrows(ToolException.class, () -> upstream.call("up_http_" + status, "http_" + status,
                MAPPER.createObjectNode(), Caller.ANYONE).await().atMost(Duration.ofMinutes(1)));
        String message = failure.getMessage();
        assertTrue(message.startsWith("tool up_http_" + status + " failed: " + said), message);
        assertFalse(message.contains("Exception") || message.contains("io.modelcontextprotocol") || message.contains("127.0.0.1"), message);
        assertFalse(message.contains("unreachable") || message.contains("could not be reached"), "it was reached: " + message);
    }

    @org.junit.jupiter.api.Test
    void aServerThatIsGoneIsUnreachableByARefusedConnectionInPlainWords() {
        server.stop(0);
        ToolException failure = assertThrows(ToolException.class, () -> upstream.call("up_http_500", "http_500",
                MAPPER.createObjectNode(), Caller.ANYONE).await().atMost(Duration.ofMinutes(1)));
        assertEquals("tool up_http_500 is unavailable: its MCP server up could not be reached (connection refused); "
                + "try again later or use another tool", failure.getMessage());
    }

    private static void exchange(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!"POST".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            JsonNode request = MAPPER.readTree(exchange.getRequestBody().readAllBytes());
            if (!request.has("id")) {
                exchange.sendResponseHeaders(202, -1);
                return;
            }
            ObjectNode result = MAPPER.createObjectNode();
            switch (request.path("method").asText()) {
                case "initialize" -> result.put("protocolVersion", request.at("/params/protocolVersion").asText())
                        .<ObjectNode>set("capabilities", MAPPER.createObjectNode().set("tools", MAPPER.createObjectNode()))
                        .set("serverInfo", MAPPER.createObjectNode().put("name", "errors").put("version", "1"));
                case "tools/list" -> {
                    ArrayNode tools = result.putArray("tools");
                    for (int status : STATUSES) {
                        tools.addObject().put("name", "http_" + status).putObject("inputSchema").put("type", "object");
                    }
                }
                default -> {
                    int status = Integer.parseInt(request.at("/params/name").asText().substring("http_".length()));
                    byte[] page = ("<html><body><h1>" + status + "</h1>nginx</body></html>").getBytes(StandardCharsets.UTF_8);
                    exchange.getResponseHeaders().add("Content-Type", "text/html");
                    exchange.sendResponseHeaders(status, page.length);
                    exchange.getResponseBody().write(page);
                    return;
                }
            }
            byte[] body = MAPPER.writeValueAsBytes(MAPPER.createObjectNode().put("jsonrpc", "2.0")
                    .<ObjectNode>set("id", request.get("id")).set("result", result));
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
        }
    }
}
