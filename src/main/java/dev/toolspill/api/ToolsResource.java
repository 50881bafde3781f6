package dev.toolspill.api;

import dev.toolspill.http.ApiPaths;

import dev.toolspill.http.Problem;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.toolspill.provider.ProviderFormat;
import dev.toolspill.provider.ProviderFormats;
import dev.toolspill.tool.Tool;
import dev.toolspill.tool.ToolRegistry;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.Optional;
import dev.toolspill.tenant.Caller;
import dev.toolspill.tenant.Callers;
import dev.toolspill.tenant.ToolAccess;

/**
 * Tool definitions: Toolspill's own shape, or {@code ?format=openai}, {@code openai-responses} or
 * {@code anthropic} for an orchestrator to pass straight to those providers.
 */
@Path(ApiPaths.TOOLS)
@Tag(name = "tools")
public class ToolsResource {

    private final ToolRegistry registry;
    private final ProviderFormats formats;
    private final ObjectMapper mapper;
    private final ToolAccess access;
    private final Callers callers;

    public ToolsResource(ToolRegistry registry, ProviderFormats formats, ObjectMapper mapper, ToolAccess access, Callers callers) {
        this.registry = registry;
        this.access = access;
        this.callers = callers;
        this.formats = formats;
        this.mapper = mapper;
    }

    /** Toolspill's shape of one definition, for the OpenAPI document (the answer itself is built as JSON). */
    @Schema(name = "ToolDefinition")
    record ToolDefinition(String name, String description,
                          @Schema(type = SchemaType.OBJECT, description = "JSON Schema of the arguments") Object parameters) {
    }

    @GET
    @Operation(operationId = "listTools", summary = "Tool definitions: name, description and JSON Schema of the arguments")
    @APIResponse(responseCode = "200", description = "Definitions in the requested shape", content = @Content(mediaType = "application/json",
            schema = @Schema(type = SchemaType.ARRAY, implementation = ToolDefinition.class), examples = {@ExampleObject(name = "toolspill", value = OpenApiExamples.TOOLS),
                    @ExampleObject(name = "openai", value = OpenApiExamples.TOOLS_OPENAI),
                    @ExampleObject(name = "openai-responses", value = OpenApiExamples.TOOLS_OPENAI_RESPONSES),
                    @ExampleObject(name = "anthropic", value = OpenApiExamples.TOOLS_ANTHROPIC)}))
    @APIResponse(responseCode = "400", description = "Unknown format", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @Produces(MediaType.APPLICATION_JSON)
    public JsonNode tools(@Parameter(description = "openai, openai-responses or anthropic for those providers' shapes; omit for Toolspill's")
                          @QueryParam("format") String format) {
        Optional<ProviderFormat> provider = formats.named(format);
        ArrayNode definitions = mapper.createArrayNode();
        Caller caller = callers.current();
        for (Tool tool : registry.all()) {
            if (!access.allows(caller, tool.name())) {
                continue; // a tenant sees only the tools it may call
            }
            definitions.add(provider.map(shape -> shape.definition(tool)).orElseGet(() -> definition(tool)));
        }
        return provider.isPresent() ? definitions : mapper.createObjectNode().set("tools", definitions);
    }

    private ObjectNode definition(Tool tool) {
        ObjectNode node = mapper.createObjectNode().put("name", tool.name()).put("description", tool.description());
        node.set("parameters", tool.parameters());
        return node;
    }
}
