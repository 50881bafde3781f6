package dev.toolspill.tool.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolspill.output.ToolOutput;
import dev.toolspill.tenant.Caller;
import dev.toolspill.tool.Tool;
import io.modelcontextprotocol.spec.McpSchema;
import io.smallrye.mutiny.Uni;

import java.time.Duration;
import java.util.Optional;

/**
 * A tool of an upstream MCP server, offered under Toolspill's name for it (the server's prefix, then the tool's own
 * name). A call is a {@code tools/call} on the server's current connection; its answer then goes through the pipeline
 * like any tool's, so a large one becomes a blob with a summary.
 */
final class McpUpstreamTool implements Tool {

    private final String name;
    private final McpSchema.Tool definition;
    private final JsonNode parameters;
    private final McpUpstream upstream;

    McpUpstreamTool(String name, McpSchema.Tool definition, JsonNode parameters, McpUpstream upstream) {
        this.name = name;
        this.definition = definition;
        this.parameters = parameters;
        this.upstream = upstream;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        String own = definition.description() != null ? definition.description() : definition.title();
        return own == null || own.isBlank() ? "Tool " + definition.name() + " of MCP server " + upstream.server() + "." : own;
    }

    @Override
    public JsonNode parameters() {
        return parameters;
    }

    @Override
    public Optional<Duration> timeout() {
        return upstream.callTimeout();
    }

    /** As a call for anyone: blobs made of its images belong to nobody (the pipeline calls {@link #call(JsonNode, Caller)}). */
    @Override
    public Uni<String> execute(JsonNode arguments) {
        return upstream.call(name, definition.name(), arguments, Caller.ANYONE);
    }

    /** The caller owns the blobs its images and audio are kept in. */
    @Override
    public Uni<ToolOutput> call(JsonNode arguments, Caller caller) {
        return upstream.call(name, definition.name(), arguments, caller).map(ToolOutput.Inline::new);
    }

    /** The upstream definition this tool was made from; an unchanged one keeps the same tool across refreshes. */
    McpSchema.Tool definition() {
        return definition;
    }
}
