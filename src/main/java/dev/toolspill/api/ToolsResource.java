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
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Tool definitions: Toolspill's own shape, or {@code ?format=openai} / {@code ?format=anthropic} for
 * an orchestrator to pass straight to those providers.
 */
@Path("/v1/tools")
@Tag(name = "tools")
public class ToolsResource {

    private final ToolRegistry registry;
    private final ObjectMapper mapper;

    public ToolsResource(ToolRegistry registry, ObjectMapper mapper) {
        this.registry = registry;
        this.mapper = mapper;
    }

    @GET
    @Operation(summary = "Tool definitions: name, description and JSON Schema of the arguments")
    @APIResponse(responseCode = "200", description = "Definitions in the requested shape", content = @Content(mediaType = "application/json",
            examples = {@ExampleObject(name = "toolspill", value = OpenApiExamples.TOOLS),
                    @ExampleObject(name = "openai", value = OpenApiExamples.TOOLS_OPENAI),
                    @ExampleObject(name = "anthropic", value = OpenApiExamples.TOOLS_ANTHROPIC)}))
    @APIResponse(responseCode = "400", description = "Unknown format", content = @Content(mediaType = "application/problem+json"))
    @Produces(MediaType.APPLICATION_JSON)
    public JsonNode tools(@Parameter(description = "openai or anthropic for those providers' shapes; omit for Toolspill's")
                          @QueryParam("format") String format) {
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
