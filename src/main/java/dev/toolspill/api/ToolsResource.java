package dev.toolspill.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.toolspill.tool.Tool;
import dev.toolspill.tool.ToolRegistry;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * Tool definitions: Toolspill's own shape, or {@code ?format=openai} / {@code ?format=anthropic} for
 * an orchestrator to pass straight to those providers.
 */
@Path("/v1/tools")
public class ToolsResource {

    private final ToolRegistry registry;
    private final ObjectMapper mapper;

    public ToolsResource(ToolRegistry registry, ObjectMapper mapper) {
        this.registry = registry;
        this.mapper = mapper;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public JsonNode tools(@QueryParam("format") String format) {
        ArrayNode definitions = mapper.createArrayNode();
        String shape = format == null || format.isBlank() ? "toolspill" : format.strip().toLowerCase();
        for (Tool tool : registry.all()) {
            definitions.add(switch (shape) {
                case "toolspill" -> definition(tool, "parameters");
                case "openai" -> mapper.createObjectNode().put("type", "function").set("function", definition(tool, "parameters"));
                case "anthropic" -> definition(tool, "input_schema");
                default -> throw new ApiException(Response.Status.BAD_REQUEST,
                        "format '" + format + "' is not known: use openai, anthropic, or leave it out");
            });
        }
        return shape.equals("toolspill") ? mapper.createObjectNode().set("tools", definitions) : definitions;
    }

    private ObjectNode definition(Tool tool, String schemaField) {
        ObjectNode node = mapper.createObjectNode().put("name", tool.name()).put("description", tool.description());
        node.set(schemaField, tool.parameters());
        return node;
    }
}
