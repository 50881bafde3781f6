package dev.toolspill.api;

import dev.toolspill.pipeline.ResultItem;
import dev.toolspill.pipeline.ToolPipeline;
import dev.toolspill.tool.ToolCall;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.List;

/** Runs a batch of tool calls, as an orchestrator hands them over after one model turn. */
@Path("/v1/tool-calls")
@Tag(name = "tools", description = "Run tools and list their definitions")
public class ToolCallsResource {

    public record Batch(List<ToolCall> calls) {
    }

    public record Results(List<ResultItem> results) {
    }

    private final ToolPipeline pipeline;

    public ToolCallsResource(ToolPipeline pipeline) {
        this.pipeline = pipeline;
    }

    @POST
    @Operation(summary = "Run a batch of tool calls concurrently",
            description = "Results come back in call order. A failing, timing-out or unknown tool is an error item; the batch still answers 200.")
    @RequestBody(content = @Content(mediaType = "application/json", examples = @ExampleObject(name = "batch", value = OpenApiExamples.BATCH)))
    @APIResponse(responseCode = "200", description = "One result item per call", content = @Content(mediaType = "application/json",
            examples = @ExampleObject(name = "results", value = OpenApiExamples.RESULTS)))
    @APIResponse(responseCode = "400", description = "No calls, duplicate call ids, or malformed JSON",
            content = @Content(mediaType = "application/problem+json", examples = @ExampleObject(name = "duplicate ids", value = OpenApiExamples.PROBLEM)))
    @APIResponse(responseCode = "411", description = "A body without Content-Length (chunked): its size cannot be checked before it is read",
            content = @Content(mediaType = "application/problem+json"))
    @APIResponse(responseCode = "413", description = "Over toolspill.pipeline.max-body-bytes, or more calls than toolspill.pipeline.max-calls",
            content = @Content(mediaType = "application/problem+json"))
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Results> call(Batch batch) {
        return pipeline.run(batch == null ? null : batch.calls()).map(Results::new);
    }
}
