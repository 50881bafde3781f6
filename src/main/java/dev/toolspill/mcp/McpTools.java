package dev.toolspill.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.pipeline.ToolPipeline;
import dev.toolspill.provider.ResultItem;
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

import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
    private final Map<String, Tool> registered = new HashMap<>();
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
        registry.onChange(this::sync); // first, so no change between the two is missed
        sync();
    }

    /** Offers the registry's tools now: upstream MCP tools come and go with their servers. */
    private synchronized void sync() {
        Map<String, Tool> now = new HashMap<>();
        registry.all().forEach(tool -> now.put(tool.name(), tool));
        registered.entrySet().removeIf(entry -> {
            boolean gone = now.get(entry.getKey()) != entry.getValue();
            if (gone) {
                manager.removeTool(entry.getKey());
            }
            return gone;
        });
        for (Tool tool : now.values()) {
            if (!registered.containsKey(tool.name())) {
                manager.newTool(tool.name())
                        .setDescription(descriptions.of(tool))
                        .setInputSchema(VertxJson.toVertx(mapper, tool.parameters()))
                        .setAsyncHandler(arguments -> call(tool.name(), arguments))
                        .register();
                registered.put(tool.name(), tool);
            }
        }
    }

    private Uni<ToolResponse> call(String tool, ToolManager.ToolArguments arguments) {
        ToolCall call = new ToolCall("mcp-" + arguments.requestId().asString(), tool, argumentsOf(arguments));
        return pipeline.run(List.of(call), callers.current()).map(items -> results.toResponse(ResultItem.of(items.get(0))));
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
