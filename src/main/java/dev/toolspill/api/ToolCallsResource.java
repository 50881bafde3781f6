package dev.toolspill.api;

import dev.toolspill.http.ApiPaths;

import dev.toolspill.http.Problem;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.provider.ResultItem;
import dev.toolspill.pipeline.CallResult;
import dev.toolspill.pipeline.ToolPipeline;
import dev.toolspill.provider.CallReader;
import dev.toolspill.provider.ProviderCalls;
import dev.toolspill.provider.ProviderFormat;
import dev.toolspill.provider.ProviderFormats;
import dev.toolspill.provider.ResultsHeader;
import dev.toolspill.tool.ToolCall;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import dev.toolspill.tenant.Caller;
import dev.toolspill.tenant.Callers;

/**
 * Runs a batch of tool calls, as an orchestrator hands them over after one model turn: in Toolspill's own shape, or
 * ({@code ?format=}) exactly as a provider's API returned them, answered with what the client appends to its
 * conversation.
 */
@Path(ApiPaths.TOOL_CALLS)
@Tag(name = "tools", description = "Run tools and list their definitions")
public class ToolCallsResource {

    public record Batch(List<ToolCall> calls) {
    }

    public record Results(List<ResultItem> results) {
    }

    private final ToolPipeline pipeline;
    private final ProviderFormats formats;
    private final CallReader reader;
    private final ResultsHeader header;
    private final ObjectMapper mapper;
    private final Callers callers;

    public ToolCallsResource(ToolPipeline pipeline, ProviderFormats formats, CallReader reader, ResultsHeader header, ObjectMapper mapper,
                             Callers callers) {
        this.pipeline = pipeline;
        this.callers = callers;
        this.formats = formats;
        this.reader = reader;
        this.header = header;
        this.mapper = mapper;
    }

    @POST
    @Operation(operationId = "runToolCalls", summary = "Run a batch of tool calls concurrently",
            description = "Results come back in call order. A failing, timing-out or unknown tool is an error item; the batch still answers 200. "
                    + "With format=openai, openai-responses or anthropic the body is what that provider's API returned and the answer is "
                    + "what the client appends to its conversation; the result items' facts (blob, truncation) are in the Toolspill-Results header.")
    @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = Batch.class), examples = {
            @ExampleObject(name = "batch", value = OpenApiExamples.BATCH),
            @ExampleObject(name = "openai", value = OpenApiExamples.CALLS_OPENAI),
            @ExampleObject(name = "openai-responses", value = OpenApiExamples.CALLS_OPENAI_RESPONSES),
            @ExampleObject(name = "anthropic", value = OpenApiExamples.CALLS_ANTHROPIC)}))
    @APIResponse(responseCode = "200", description = "One result per call, in the requested shape",
            headers = {@Header(name = ResultsHeader.NAME, description = "With format: the result items without their output, as compact JSON; "
                    + "over toolspill.pipeline.results-header-max-bytes, {call_id, status, blob_id?, dropped_bytes?} per call", schema = @Schema(type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.STRING)),
                    @Header(name = ResultsHeader.OMITTED, description = "Calls left out of Toolspill-Results to keep it within its cap",
                            schema = @Schema(type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.INTEGER))},
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = Results.class,
                    description = "Toolspill's shape; with format, the provider's (see the examples)"), examples = {
                    @ExampleObject(name = "results", value = OpenApiExamples.RESULTS),
                    @ExampleObject(name = "openai", value = OpenApiExamples.ANSWER_OPENAI),
                    @ExampleObject(name = "openai-responses", value = OpenApiExamples.ANSWER_OPENAI_RESPONSES),
                    @ExampleObject(name = "anthropic", value = OpenApiExamples.ANSWER_ANTHROPIC)}))
    @APIResponse(responseCode = "400", description = "No calls, duplicate call ids, malformed JSON, an unknown format, or a body without the format's tool calls",
            content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "duplicate ids", value = OpenApiExamples.PROBLEM)))
    @APIResponse(responseCode = "411", description = "A body without Content-Length (chunked): its size cannot be checked before it is read",
            content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "413", description = "Over toolspill.pipeline.max-body-bytes, or more calls than toolspill.pipeline.max-calls",
            content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "415", description = "A body that is not application/json", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Response> call(@Parameter(description = "openai, openai-responses or anthropic: the body and the answer in that provider's shapes; omit for Toolspill's")
                              @QueryParam("format") String format, byte[] body) throws IOException {
        Optional<ProviderFormat> provider = formats.named(format);
        Caller caller = callers.current();
        if (provider.isEmpty()) {
            // the body is read as bytes so that one method serves every format; the batch is parsed as it always was
            Batch batch = body == null || body.length == 0 ? null : mapper.readValue(body, Batch.class);
            return pipeline.run(batch == null ? null : batch.calls(), caller).map(results -> Response.ok(new Results(items(results))).build());
        }
        ProviderCalls calls = reader.read(provider.get(), body == null ? new byte[0] : body);
        return pipeline.run(calls.calls(), calls.unreadable(), caller).map(results -> answer(provider.get(), items(results)));
    }

    private static List<ResultItem> items(List<CallResult> results) {
        return results.stream().map(ResultItem::of).toList();
    }

    private Response answer(ProviderFormat format, List<ResultItem> results) {
        ResultsHeader.Value facts = header.of(results);
        Response.ResponseBuilder response = Response.ok(format.answer(results)).header(ResultsHeader.NAME, facts.json());
        return facts.omitted() == 0 ? response.build() : response.header(ResultsHeader.OMITTED, facts.omitted()).build();
    }
}
