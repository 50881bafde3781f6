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

import java.util.List;

/** Runs a batch of tool calls, as an orchestrator hands them over after one model turn. */
@Path("/v1/tool-calls")
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
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Results> call(Batch batch) {
        return pipeline.run(batch == null ? null : batch.calls()).map(Results::new);
    }
}
