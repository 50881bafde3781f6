package dev.toolspill.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.pipeline.ToolPipeline;
import dev.toolspill.tenant.Callers;
import dev.toolspill.tool.Tool;
import dev.toolspill.tool.ToolCall;
import dev.toolspill.tool.ToolRegistry;
import io.quarkiverse.mcp.server.ToolManager;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.json.JsonObject;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.util.List;

/**
 * Every tool of the registry as an MCP tool, with its own JSON Schema. A {@code tools/call} is one call through the
 * pipeline of {@code /v1/tool-calls} (validation, timeout, interceptors, promotion, store, limit), so MCP clients
 * and HTTP clients get the same outputs. Nothing is kept between calls: any replica answers any call.
 */
@ApplicationScoped
public class McpTools {

    private final ToolManager manager;
    private final ToolRegistry registry;
    private final ToolPipeline pipeline;
    private final ObjectMapper mapper;
    private final ToolResults results;
    private final McpDescriptions descriptions;
    private final Callers callers;

    public McpTools(ToolManager manager, ToolRegistry registry, ToolPipeline pipeline, ObjectMapper mapper, ToolspillConfig config,
                    Callers callers) {
        this.manager = manager;
        this.callers = callers;
        this.registry = registry;
        this.pipeline = pipeline;
        this.mapper = mapper;
        this.results = new ToolResults(mapper);
        this.descriptions = new McpDescriptions(config.output().inlineMaxBytes(), registry.find(McpDescriptions.INSPECT).isPresent());
    }

    void register(@Observes StartupEvent started) {
        for (Tool tool : registry.all()) {
            manager.newTool(tool.name())
                    .setDescription(descriptions.of(tool))
                    .setInputSchema(VertxJson.toVertx(mapper, tool.parameters()))
                    .setAsyncHandler(arguments -> call(tool.name(), arguments))
                    .register();
        }
    }

    private Uni<ToolResponse> call(String tool, ToolManager.ToolArguments arguments) {
        ToolCall call = new ToolCall("mcp-" + arguments.requestId().asString(), tool, argumentsOf(arguments));
        return pipeline.run(List.of(call), callers.current()).map(items -> results.toResponse(items.get(0)));
    }

    /** The arguments as the client sent them (read from the message, so nested values stay JSON); none is {}. */
    private JsonNode argumentsOf(ToolManager.ToolArguments arguments) {
        JsonObject params = arguments.rawMessage().asJsonObject().getJsonObject("params");
        if (params == null) {
            return mapper.createObjectNode();
        }
        JsonNode sent = VertxJson.toJackson(mapper, params.getValue(params.containsKey(NullArguments.ORIGINAL) ? NullArguments.ORIGINAL : "arguments"));
        return sent == null ? mapper.createObjectNode() : sent;
    }
}
