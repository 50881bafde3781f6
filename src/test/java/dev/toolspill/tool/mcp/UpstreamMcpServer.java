package dev.toolspill.tool.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpStatelessServerHandler;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStatelessServerTransport;
import reactor.core.publisher.Mono;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A real MCP server for tests: the Java MCP SDK's stateless server, served over Streamable HTTP (JSON answers) by
 * the JDK's own HTTP server on 127.0.0.1, so no servlet stack is needed. Its tools:
 * {@code big_log} (2 MB of numbered lines), {@code rows} (structuredContent: an array of N objects),
 * {@code broken} (a result with isError), {@code refused} (a JSON-RPC error), {@code picture} (a text and a PNG
 * image, {@link #PICTURE}) and {@code links} (a text and a resource link).
 */
final class UpstreamMcpServer implements McpStatelessServerTransport, AutoCloseable {

    static final int BIG_LINES = 40_000;
    /** The image {@code picture} answers: the 8-byte PNG signature and 2,000 bytes after it, as base64. */
    static final String PICTURE = java.util.Base64.getEncoder().encodeToString(java.util.stream.IntStream.range(0, 2008)
            .map(i -> i < 8 ? new int[] {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}[i] : i % 251)
            .collect(java.io.ByteArrayOutputStream::new, java.io.ByteArrayOutputStream::write, (a, b) -> { }).toByteArray());

    private final McpJsonMapper json = new JacksonMcpJsonMapper(new ObjectMapper());
    private final HttpServer http;
    private final String token;
    private volatile McpStatelessServerHandler handler;

    /** Each of the 40 000 lines is 50 bytes: 2 000 000 bytes in all. */
    static String bigLog() {
        return IntStream.rangeClosed(1, BIG_LINES).mapToObj(i -> String.format("%06d upstream log line, the same every time....\n", i))
                .collect(Collectors.joining());
    }

    /** On {@code port} (0: any free one); with a {@code token}, a request without {@code Authorization: Bearer <token>} gets 401. */
    UpstreamMcpServer(int port, String token) throws IOException {
        this.token = token;
        http = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        http.createContext("/mcp", this::exchange);
        McpServer.sync(this)
                .serverInfo("upstream-test", "1")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .jsonMapper(json)
                .jsonSchemaValidator(new DefaultJsonSchemaValidator(new ObjectMapper()))
                .toolCall(tool("big_log", "Two megabytes of log lines.", "{\"type\":\"object\"}"),
                        (context, request) -> McpSchema.CallToolResult.builder().addTextContent(bigLog()).build())
                .toolCall(tool("rows", "N rows as structured content.", """
                                {"type":"object","properties":{"n":{"type":"integer","minimum":0}},"required":["n"]}"""),
                        (context, request) -> McpSchema.CallToolResult.builder()
                                .structuredContent(rows(((Number) request.arguments().get("n")).intValue()))
                                .addTextContent("see structured content").build())
                .toolCall(tool("broken", "Always fails.", "{\"type\":\"object\"}"),
                        (context, request) -> McpSchema.CallToolResult.builder().isError(true)
                                .addTextContent("the upstream database is read-only today").build())
                .toolCall(tool("refused", "Always refused.", "{\"type\":\"object\"}"),
                        (context, request) -> {
                            throw McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS).message("no such repository: toolspill/nope").build();
                        })
                .toolCall(tool("picture", "A chart and its caption.", "{\"type\":\"object\"}"),
                        (context, request) -> McpSchema.CallToolResult.builder().addTextContent("latency chart, last hour")
                                .addContent(new McpSchema.ImageContent(null, PICTURE, "image/png")).build())
                .toolCall(tool("links", "Where the report is.", "{\"type\":\"object\"}"),
                        (context, request) -> McpSchema.CallToolResult.builder().addTextContent("the report is ready")
                                .addContent(new McpSchema.ResourceLink("report", null, "file:///reports/2026-11.csv", null, "text/csv",
                                        4096L, null, null)).build())
                .build();
        http.start();
    }

    static List<Map<String, Object>> rows(int n) {
        return IntStream.range(0, n).mapToObj(i -> Map.<String, Object>of("id", i, "name", "row-" + i)).toList();
    }

    private McpSchema.Tool tool(String name, String description, String schema) {
        return McpSchema.Tool.builder().name(name).description(description).inputSchema(json, schema).build();
    }

    int port() {
        return http.getAddress().getPort();
    }

    String url() {
        return "http://127.0.0.1:" + port() + "/mcp";
    }

    private void exchange(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (token != null && !("Bearer " + token).equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
                exchange.sendResponseHeaders(401, -1);
                return;
            }
            if (!"POST".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            McpSchema.JSONRPCMessage message = McpSchema.deserializeJsonRpcMessage(json, body);
            if (message instanceof McpSchema.JSONRPCRequest request) {
                McpSchema.JSONRPCResponse response = handler.handleRequest(McpTransportContext.EMPTY, request).block();
                byte[] answer = json.writeValueAsString(response).getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, answer.length);
                exchange.getResponseBody().write(answer);
            } else {
                if (message instanceof McpSchema.JSONRPCNotification notification) {
                    handler.handleNotification(McpTransportContext.EMPTY, notification).block();
                }
                exchange.sendResponseHeaders(202, -1);
            }
        }
    }

    @Override
    public void setMcpHandler(McpStatelessServerHandler handler) {
        this.handler = handler;
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.fromRunnable(() -> http.stop(0));
    }

    /** Stops serving; the SDK server has nothing else to let go of (it is also what its own close calls). */
    @Override
    public void close() {
        http.stop(0);
    }
}
