package dev.toolspill.tool.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.toolspill.tenant.Caller;
import dev.toolspill.tool.ToolException;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One upstream connection without the service around it: the message cap, and calls while the server is away. */
class McpUpstreamLimitsTest {

    static final ObjectMapper MAPPER = new ObjectMapper();

    static McpUpstream upstream(String url, int maxMessageBytes, Runnable changed) {
        return new McpUpstream(new McpUpstream.Settings("up", URI.create(url), Map.of("Authorization", "Bearer t"), Optional.empty(),
                Duration.ofSeconds(20), "up_", maxMessageBytes, 4), MAPPER,
                new McpBinaries((json, caller) -> io.smallrye.mutiny.Uni.createFrom().failure(new ToolException("no store in this test")), MAPPER), changed);
    }

    @Test
    void anAnswerOverMaxMessageBytesIsAnErrorThatNamesTheKeyAndSmallerAnswersStillPass() throws Exception {
        try (UpstreamMcpServer server = new UpstreamMcpServer(0, "t")) {
            McpUpstream upstream = upstream(server.url(), 1_000_000, () -> { });
            upstream.refresh().await().atMost(Duration.ofMinutes(1));
            assertEquals(6, upstream.tools().size());

            ToolException tooLarge = assertThrows(ToolException.class, () -> upstream.call("up_big_log", "big_log", MAPPER.createObjectNode(), Caller.ANYONE)
                    .await().atMost(Duration.ofMinutes(1)));
            assertTrue(tooLarge.getMessage().contains("toolspill.tools.mcp.\"up\".max-message-bytes = 1000000"), tooLarge.getMessage());

            String rows = upstream.call("up_rows", "rows", MAPPER.createObjectNode().put("n", 1), Caller.ANYONE).await().atMost(Duration.ofMinutes(1));
            assertEquals("[{\"id\":0,\"name\":\"row-0\"}]", rows.replace("{\"name\":\"row-0\",\"id\":0}", "{\"id\":0,\"name\":\"row-0\"}"));

            String picture = upstream.call("up_picture", "picture", MAPPER.createObjectNode(), Caller.ANYONE).await().atMost(Duration.ofMinutes(1));
            assertEquals("latency chart, last hour\n[image image/png, 2008 bytes, not kept: no store in this test]", picture,
                    "an image that cannot be kept says why, not nothing");
            upstream.close();
        }
    }

    @Test
    void anAnswerThatIsNoMcpResultIsAFailureOfTheToolNotOfTheConnectionAndNamesNoAddress() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/mcp", McpUpstreamLimitsTest::answerContentAsAString);
        server.start();
        try {
            McpUpstream upstream = upstream("http://127.0.0.1:" + server.getAddress().getPort() + "/mcp", 16 << 20, () -> { });
            upstream.refresh().await().atMost(Duration.ofMinutes(1));
            assertEquals(2, upstream.tools().size());

            ToolException odd = assertThrows(ToolException.class, () -> upstream.call("up_odd", "odd", MAPPER.createObjectNode(), Caller.ANYONE)
                    .await().atMost(Duration.ofMinutes(1)));
            assertTrue(odd.getMessage().startsWith("tool up_odd failed: its MCP server up gave an answer that is not a valid MCP result ("),
                    odd.getMessage());
            assertFalse(odd.getMessage().contains("127.0.0.1"), "the model is not told where the server is: " + odd.getMessage());
            assertFalse(odd.getMessage().contains("\n"), odd.getMessage());
            assertTrue(odd.getMessage().contains("(JSON of another shape)"), odd.getMessage());
            assertFalse(odd.getMessage().contains("Exception") || odd.getMessage().contains("io.modelcontextprotocol"), odd.getMessage());

            ToolException page = assertThrows(ToolException.class, () -> upstream.call("up_page", "page", MAPPER.createObjectNode(), Caller.ANYONE)
                    .await().atMost(Duration.ofMinutes(1)));
            assertEquals("tool up_page failed: its MCP server up gave an answer that is not a valid MCP result (of type text/html, not JSON"
                    + " or an event stream); try again later or use another tool", page.getMessage(), "reached, so not 'could not be reached'");
            assertEquals(2, upstream.tools().size(), "a server that answers is still offered");
            upstream.close();
        } finally {
            server.stop(0);
        }
    }

    /**
     * A Streamable HTTP server whose tool {@code odd} answers {@code "content": "a string"} where MCP has an array, and
     * whose tool {@code page} answers 200 with an HTML page (a proxy's or a login wall's).
     */
    private static void answerContentAsAString(HttpExchange exchange) throws IOException {
        var request = MAPPER.readTree(exchange.getRequestBody().readAllBytes());
        if (!request.has("id")) {
            exchange.sendResponseHeaders(202, -1);
            exchange.close();
            return;
        }
        if (request.at("/params/name").asText().equals("page")) {
            byte[] page = "<html><body>Sign in to continue</body></html>".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, page.length);
            exchange.getResponseBody().write(page);
            exchange.close();
            return;
        }
        var result = switch (request.path("method").asText()) {
            case "initialize" -> MAPPER.createObjectNode().put("protocolVersion", request.at("/params/protocolVersion").asText())
                    .<com.fasterxml.jackson.databind.node.ObjectNode>set("capabilities", MAPPER.createObjectNode().set("tools", MAPPER.createObjectNode()))
                    .set("serverInfo", MAPPER.createObjectNode().put("name", "odd").put("version", "1"));
            case "tools/list" -> MAPPER.createObjectNode().set("tools", MAPPER.createArrayNode()
                    .add(MAPPER.createObjectNode().put("name", "odd").set("inputSchema", MAPPER.createObjectNode().put("type", "object")))
                    .add(MAPPER.createObjectNode().put("name", "page").set("inputSchema", MAPPER.createObjectNode().put("type", "object"))));
            default -> MAPPER.createObjectNode().put("content", "just a string");
        };
        byte[] body = MAPPER.writeValueAsString(MAPPER.createObjectNode().put("jsonrpc", "2.0").<com.fasterxml.jackson.databind.node.ObjectNode>set("id", request.get("id"))
                .set("result", result)).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    @Test
    void aServerThatGoesAwayTakesItsToolsAndACallSaysItIsUnavailable() throws Exception {
        AtomicInteger changes = new AtomicInteger();
        McpUpstream upstream;
        try (UpstreamMcpServer server = new UpstreamMcpServer(0, "t")) {
            upstream = upstream(server.url(), 16 << 20, changes::incrementAndGet);
            upstream.refresh().await().atMost(Duration.ofMinutes(1));
            assertEquals(1, changes.get());
        }
        ToolException away = assertThrows(ToolException.class, () -> upstream.call("up_rows", "rows", MAPPER.createObjectNode().put("n", 1), Caller.ANYONE)
                .await().atMost(Duration.ofMinutes(1)));
        assertTrue(away.getMessage().contains("is unavailable: its MCP server up"), away.getMessage());

        Awaitility.await("the unreachable server's tools withdrawn").atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(50)).until(() -> {
            if (!upstream.tools().isEmpty()) {
                upstream.refresh().await().atMost(Duration.ofMinutes(1)); // a no-op while the refresh the failed call started runs
            }
            return upstream.tools().isEmpty();
        });
        assertEquals(0, upstream.tools().size(), "a server that cannot be reached offers no tools");
        assertEquals(2, changes.get());
        upstream.close();
    }
}
