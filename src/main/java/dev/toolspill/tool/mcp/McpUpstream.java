package dev.toolspill.tool.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.tenant.Caller;
import dev.toolspill.tool.Durations;
import dev.toolspill.tool.Tool;
import dev.toolspill.tool.ToolException;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import reactor.core.publisher.Mono;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One upstream MCP server: its connection (Streamable HTTP, through the Java MCP SDK's asynchronous client) and the
 * tools it offers now. {@link #refresh} connects when there is no connection and lists the tools again when there
 * is; a server that cannot be reached has no tools until a later refresh finds it. Nothing here blocks: the SDK's
 * HTTP client runs on Quarkus' worker pool and its answers are taken as completion stages.
 */
final class McpUpstream {

    /** What configures one server; {@code requestTimeout} bounds every exchange, {@code callTimeout} what a tool says. */
    record Settings(String server, URI url, Map<String, String> headers, Optional<Duration> callTimeout, Duration requestTimeout,
                    String prefix, int maxMessageBytes, int maxConcurrentCalls) {
    }

    private final Settings settings;
    private final ObjectMapper mapper;
    private final McpResults results;
    private final Runnable changed;
    private final AtomicBoolean refreshing = new AtomicBoolean();
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile McpAsyncClient client;
    private volatile Map<String, McpUpstreamTool> tools = Map.of();
    private volatile String lastProblem;
    private volatile boolean reachable;

    McpUpstream(Settings settings, ObjectMapper mapper, McpBinaries binaries, Runnable changed) {
        this.settings = settings;
        this.mapper = mapper;
        this.results = new McpResults(mapper, binaries);
        this.changed = changed;
    }

    String server() {
        return settings.server();
    }

    Optional<Duration> callTimeout() {
        return settings.callTimeout();
    }

    /** The tools the server offers now: none while it cannot be reached. */
    List<Tool> tools() {
        return List.copyOf(tools.values());
    }

    /** Lists the tools again, connecting first when needed; a pass still running is not doubled. Never fails. */
    Uni<Void> refresh() {
        return Uni.createFrom().deferred(() -> {
            if (!refreshing.compareAndSet(false, true)) {
                return Uni.createFrom().voidItem();
            }
            McpAsyncClient current = client;
            Uni<List<McpSchema.Tool>> listed = current == null ? connect()
                    // a server that restarted forgot our session: connect afresh before calling it gone
                    : listed(current).onFailure().recoverWithUni(e -> {
                        drop(current);
                        return connect();
                    });
            return listed.invoke(this::update)
                    .onFailure().invoke(this::lost)
                    .onFailure().recoverWithNull()
                    .onTermination().invoke(() -> refreshing.set(false))
                    .replaceWithVoid();
        });
    }

    private Uni<List<McpSchema.Tool>> connect() {
        return Uni.createFrom().deferred(() -> {
            McpAsyncClient fresh = open();
            return uni(fresh.initialize())
                    .chain(() -> listed(fresh))
                    .invoke(() -> client = fresh)
                    .onFailure().invoke(() -> fresh.close());
        });
    }

    private McpAsyncClient open() {
        URI url = settings.url();
        String endpoint = (url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath())
                + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(url.getScheme() + "://" + url.getRawAuthority())
                .endpoint(endpoint)
                .customizeClient(http -> http.executor(Infrastructure.getDefaultWorkerPool()))
                .connectTimeout(settings.requestTimeout())
                .maxResponseSize(settings.maxMessageBytes())
                .httpRequestCustomizer((request, method, uri, body, context) -> settings.headers().forEach(request::setHeader))
                .jsonMapper(new JacksonMcpJsonMapper(mapper))
                .build();
        return McpClient.async(transport)
                .clientInfo(new McpSchema.Implementation("toolspill", "1"))
                .requestTimeout(settings.requestTimeout())
                .initializationTimeout(settings.requestTimeout())
                .jsonSchemaValidator(new DefaultJsonSchemaValidator(mapper))
                .build();
    }

    private Uni<List<McpSchema.Tool>> listed(McpAsyncClient on) {
        return uni(on.listTools()).map(McpSchema.ListToolsResult::tools);
    }

    private void update(List<McpSchema.Tool> listed) {
        Map<String, McpUpstreamTool> next = new LinkedHashMap<>();
        for (McpSchema.Tool definition : listed) {
            String name = settings.prefix() + definition.name();
            McpUpstreamTool known = tools.get(name);
            next.put(name, known != null && known.definition().equals(definition) ? known
                    : new McpUpstreamTool(name, definition, schema(definition), this));
        }
        if (!reachable) {
            Log.infof("MCP server %s (%s) is available with %d tools: %s", settings.server(), settings.url(), next.size(), next.keySet());
        }
        lastProblem = null;
        reachable = true;
        boolean same = next.equals(tools);
        tools = Map.copyOf(next);
        if (!same) {
            changed.run();
        }
    }

    private void lost(Throwable failure) {
        String problem = McpFailures.forOperator(settings.server(), failure);
        if (!problem.equals(lastProblem)) {
            Log.warnf("MCP server %s (%s) %s, so its tools are not offered until a refresh finds it", settings.server(), settings.url(), problem);
            Log.debugf(failure, "MCP server %s: the failure in full", settings.server());
        }
        lastProblem = problem;
        reachable = false;
        boolean had = !tools.isEmpty();
        tools = Map.of();
        if (had) {
            changed.run();
        }
    }

    private JsonNode schema(McpSchema.Tool definition) {
        return definition.inputSchema() == null ? mapper.createObjectNode().put("type", "object") : mapper.valueToTree(definition.inputSchema());
    }

    /** One {@code tools/call} on the current connection; its answer as text, or a {@link ToolException} the model can act on. */
    Uni<String> call(String tool, String upstreamName, JsonNode arguments, Caller caller) {
        return Uni.createFrom().deferred(() -> {
            McpAsyncClient current = client;
            if (current == null) {
                return Uni.createFrom().failure(new ToolException("tool " + tool + " is unavailable: its MCP server " + settings.server()
                        + " cannot be reached right now; try again later or use another tool"));
            }
            if (inFlight.incrementAndGet() > settings.maxConcurrentCalls()) {
                inFlight.decrementAndGet();
                return Uni.createFrom().failure(new ToolException("tool " + tool + " is busy: its MCP server " + settings.server()
                        + " already has " + settings.maxConcurrentCalls() + " calls in flight from this replica (toolspill.tools.mcp.\""
                        + settings.server() + "\".max-concurrent-calls); retry shortly"));
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> sent = mapper.convertValue(arguments, Map.class);
            // each call in flight may hold one answer of up to max-message-bytes: the permit bounds that memory
            return uni(current.callTool(new McpSchema.CallToolRequest(upstreamName, sent)))
                    .onTermination().invoke(inFlight::decrementAndGet)
                    .onFailure().transform(failure -> describe(tool, failure))
                    .flatMap(result -> results.output(tool, result, caller));
        });
    }

    private Throwable describe(String tool, Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && !(cause instanceof McpError) && !tooLarge(cause)) {
            cause = cause.getCause();
        }
        if (cause instanceof McpError error && error.getJsonRpcError() != null) {
            return new ToolException("tool " + tool + " failed: " + McpResults.clip(String.valueOf(error.getJsonRpcError().message()))
                    + " (MCP error " + error.getJsonRpcError().code() + ")", failure);
        }
        if (tooLarge(cause)) {
            return new ToolException("tool " + tool + " answered more than toolspill.tools.mcp.\"" + settings.server()
                    + "\".max-message-bytes = " + settings.maxMessageBytes() + " bytes, so its answer was dropped; ask for less", failure);
        }
        if (cause instanceof TimeoutException) {
            // MCP lets a server take a call and answer later on its event stream: a 200 with no body or no Content-Type
            // is such a "later", and a server that never sends it looks like this too
            Log.warnf("MCP server %s (%s) gave %s no answer within %s (an answer with no body or no Content-Type means 'later' in"
                    + " MCP, and none came)", settings.server(), settings.url(), tool, Durations.format(settings.requestTimeout()));
            return new ToolException("tool " + tool + " did not answer within " + Durations.format(settings.requestTimeout())
                    + "; retry with a narrower request", failure);
        }
        OptionalInt status = McpFailures.httpStatus(failure);
        if (status.isPresent()) { // it was reached and said no: what it said, not "unreachable"
            Log.warnf("MCP server %s (%s) answered HTTP %d to %s: %s", settings.server(), settings.url(), status.getAsInt(), tool,
                    McpFailures.said(failure));
            return new ToolException("tool " + tool + " failed: " + McpFailures.answered(settings.server(), status.getAsInt()), failure);
        }
        if (unreadable(failure)) { // it was reached and answered, but not with an MCP result: not a connection problem
            Log.warnf("MCP server %s (%s) gave an answer to %s that is not a valid MCP result: %s", settings.server(), settings.url(),
                    tool, McpFailures.said(failure));
            String what = McpFailures.mediaType(failure).map(type -> "of type " + type + ", not JSON or an event stream")
                    .orElse(McpFailures.notJson(failure) ? "not JSON" : "JSON of another shape");
            return new ToolException("tool " + tool + " failed: its MCP server " + settings.server()
                    + " gave an answer that is not a valid MCP result (" + what + "); try again later or use another tool", failure);
        }
        refresh().subscribe().with(done -> { }); // the connection may be gone: find out now rather than at the next refresh
        // the model is told which server, not where it is: its address belongs in the log (lost() logs it with the URL)
        String how = McpFailures.connection(failure);
        if (how.equals(McpFailures.CLOSED)) { // reached, then cut off: the log says so, since a refresh may well succeed
            Log.warnf("MCP server %s (%s) closed the connection before its whole answer to %s", settings.server(), settings.url(), tool);
            return new ToolException("tool " + tool + " failed: its MCP server " + settings.server()
                    + " closed the connection before its whole answer; try again later or use another tool", failure);
        }
        return new ToolException("tool " + tool + " is unavailable: its MCP server " + settings.server()
                + " could not be reached (" + how + "); try again later or use another tool", failure);
    }

    /** An answer the SDK could not read as JSON or as an MCP result (bad JSON, a wrong shape, an unknown content type). */
    private static boolean unreadable(Throwable failure) {
        if (McpFailures.mediaType(failure).isPresent()) {
            return true;
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof com.fasterxml.jackson.core.JsonProcessingException) {
                return true;
            }
        }
        return false;
    }

    /** An answer over max-message-bytes: the SDK's transport refused to buffer it (its own wording, or its own exception). */
    private static boolean tooLarge(Throwable failure) {
        return failure.getClass().getSimpleName().equals("MaxSizeExceededException")
                || String.valueOf(failure.getMessage()).contains("exceeds the maximum allowed size");
    }

    void close() {
        McpAsyncClient current = client;
        client = null;
        if (current != null) {
            drop(current);
        }
    }

    private void drop(McpAsyncClient old) {
        if (client == old) {
            client = null;
        }
        old.closeGracefully().onErrorComplete().subscribe();
    }

    /** A Mono as a Uni: subscribed when the Uni is, cancelled with it (a timed-out call stops waiting for its answer). */
    static <T> Uni<T> uni(Mono<T> mono) {
        return Uni.createFrom().completionStage(mono::toFuture);
    }
}
