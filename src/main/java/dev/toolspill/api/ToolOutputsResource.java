package dev.toolspill.api;

import dev.toolspill.http.ApiPaths;

import dev.toolspill.http.Problem;

import dev.toolspill.provider.ResultItem;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.io.InputStream;

/**
 * The OpenAPI description of {@code POST /v1/tool-outputs}: takes an output produced elsewhere and returns what history
 * should hold for it. {@link IngestRoute} serves it (a Vert.x route that reads the body as a stream with
 * back-pressure, which a Quarkus REST method cannot), ahead of this method, which is never reached.
 */
@Path(ApiPaths.TOOL_OUTPUTS)
@Tag(name = "outputs", description = "Turn a raw tool output into what history should hold")
public class ToolOutputsResource {

    @POST
    @Operation(operationId = "ingestToolOutput", summary = "Promote, store and limit an output produced elsewhere",
            description = "Up to 800 UTF-8 bytes stay inline; larger outputs are stored as a blob and replaced by a summary "
                    + "of at most 400 bytes that starts with [blob:<id>]. The per-tool limit (toolspill.limits.*) caps the result.")
    @RequestBody(content = {
            @Content(mediaType = "text/plain", examples = @ExampleObject(name = "log", value = "2026-11-29T10:00:00Z INFO request 1 served in 1 ms\n...")),
            @Content(mediaType = "application/json", examples = @ExampleObject(name = "array", value = "[{\"id\":0,\"name\":\"item-0\"}, ...]"))})
    @APIResponse(responseCode = "200", description = "The result item", content = @Content(mediaType = "application/json",
            schema = @Schema(implementation = ResultItem.class), examples = @ExampleObject(name = "stored", value = OpenApiExamples.STORED_ITEM)))
    @APIResponse(responseCode = "400", description = "Missing tool, invalid UTF-8, or invalid JSON sent as application/json",
            content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "bad json", value = OpenApiExamples.PROBLEM)))
    @APIResponse(responseCode = "413", description = "Body over toolspill.ingest.max-bytes", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "415", description = "Neither text/plain nor application/json", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "503", description = "This replica reads toolspill.ingest.max-concurrent bodies already (Retry-After; the "
            + "connection is closed before the body is read), or the store cannot take the output now: send it again later", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    public ResultItem ingest(@Parameter(description = "Name of the tool that produced the output; chooses the limit", example = "read_file")
                             @QueryParam("tool") String tool,
                             @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
                             @HeaderParam(HttpHeaders.CONTENT_LENGTH) Long contentLength,
                             InputStream body) {
        throw new IllegalStateException("POST " + IngestRoute.PATH + " is served by IngestRoute, before Quarkus REST");
    }
}
