package dev.toolspill.api;

import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.history.Admitted;
import dev.toolspill.metrics.Telemetry;
import dev.toolspill.ingest.StallGuard;
import dev.toolspill.ingest.StallWatch;
import dev.toolspill.ingest.StreamIngest;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.core.Context;
import dev.toolspill.pipeline.ResultItem;
import io.smallrye.common.annotation.Blocking;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.io.IOException;
import dev.toolspill.tenant.Callers;
import java.io.InputStream;

/** Takes an output produced elsewhere and returns what history should hold for it. */
@Path(ApiPaths.TOOL_OUTPUTS)
@Tag(name = "outputs", description = "Turn a raw tool output into what history should hold")
public class ToolOutputsResource {

    private final StreamIngest ingest;
    private final StallWatch stalls;
    private final long maxBytes;
    private final Telemetry telemetry;

    private final Callers callers;

    public ToolOutputsResource(StreamIngest ingest, StallWatch stalls, ToolspillConfig config, Callers callers, Telemetry telemetry) {
        this.ingest = ingest;
        this.callers = callers;
        this.telemetry = telemetry;
        this.stalls = stalls;
        this.maxBytes = config.ingest().maxBytes();
    }

    @POST
    @Blocking
    @Operation(operationId = "ingestToolOutput", summary = "Promote, store and limit an output produced elsewhere",
            description = "Up to 800 UTF-8 bytes stay inline; larger outputs are stored as a blob and replaced by a summary "
                    + "of at most 400 bytes that starts with [blob:<id>]. The per-tool limit (toolspill.limits.*) caps the result.")
    @RequestBody(content = {
            @Content(mediaType = "text/plain", examples = @ExampleObject(name = "log", value = "2026-11-29T10:00:00Z INFO request 1 served in 1 ms\n...")),
            @Content(mediaType = "application/json", examples = @ExampleObject(name = "array", value = "[{\"id\":0,\"name\":\"item-0\"}, ...]"))})
    @APIResponse(responseCode = "200", description = "The result item", content = @Content(mediaType = "application/json",
            schema = @Schema(implementation = ResultItem.class), examples = @ExampleObject(name = "stored", value = OpenApiExamples.STORED_ITEM)))
    @APIResponse(responseCode = "400", description = "Missing tool, invalid UTF-8, or invalid JSON sent as application/json",
            content = @Content(mediaType = "application/problem+json", examples = @ExampleObject(name = "bad json", value = OpenApiExamples.PROBLEM)))
    @APIResponse(responseCode = "413", description = "Body over toolspill.ingest.max-bytes", content = @Content(mediaType = "application/problem+json"))
    @APIResponse(responseCode = "415", description = "Neither text/plain nor application/json", content = @Content(mediaType = "application/problem+json"))
    @APIResponse(responseCode = "503", description = "This replica reads toolspill.ingest.max-concurrent bodies already (Retry-After; the "
            + "connection is closed before the body is read), or the store cannot take the output now: send it again later", content = @Content(mediaType = "application/problem+json"))
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    public ResultItem ingest(@Parameter(description = "Name of the tool that produced the output; chooses the limit", example = "read_file")
                                  @QueryParam("tool") String tool,
                                  @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
                                  @HeaderParam(HttpHeaders.CONTENT_LENGTH) Long contentLength,
                                  @Context HttpServerRequest request,
                                  InputStream body) throws IOException {
        if (tool == null || tool.isBlank()) {
            throw new ApiException(Response.Status.BAD_REQUEST,
                    "query parameter 'tool' is required: it names the tool whose limit applies, e.g. ?tool=read_file");
        }
        String owner = callers.current().tenant(); // the blob is this tenant's
        boolean json = isJson(contentType);
        if (contentLength != null && contentLength > maxBytes) {
            throw tooLarge(contentLength);
        }
        StallGuard guarded = stalls.guard(body, () -> request.connection().close());
        try {
            Admitted admitted = ingest.ingest(tool, guarded, json, owner);
            telemetry.output(tool, admitted.disposition().label(), admitted.historyBytes(), admitted.keptOutBytes());
            return ResultItem.ok(null, tool, admitted);
        } catch (StreamIngest.RefusedException e) {
            throw refused(e);
        } finally {
            release(guarded);
        }
    }

    private static void release(StallGuard guarded) {
        try {
            guarded.close();
        } catch (IOException ignored) {
            // the body is done with either way
        }
    }

    private static ApiException refused(StreamIngest.RefusedException e) {
        return new ApiException(e.tooLarge() ? Response.Status.REQUEST_ENTITY_TOO_LARGE : Response.Status.BAD_REQUEST, e.getMessage());
    }

    private static boolean isJson(String contentType) {
        MediaType type;
        try {
            type = contentType == null ? null : MediaType.valueOf(contentType);
        } catch (IllegalArgumentException e) {
            type = null;
        }
        if (type != null && type.isCompatible(MediaType.TEXT_PLAIN_TYPE) && !type.isWildcardType()) {
            return false;
        }
        if (type != null && type.isCompatible(MediaType.APPLICATION_JSON_TYPE) && !type.isWildcardType()) {
            return true;
        }
        throw new ApiException(Response.Status.UNSUPPORTED_MEDIA_TYPE, "Content-Type '" + contentType
                + "' is not accepted: send the output as text/plain (any text) or application/json (a JSON document), UTF-8");
    }

    private ApiException tooLarge(Long length) {
        return new ApiException(Response.Status.REQUEST_ENTITY_TOO_LARGE, "the body " + (length == null ? "" : "(" + length + " bytes) ")
                + "is over toolspill.ingest.max-bytes = " + maxBytes + " bytes: send a smaller output or raise that setting");
    }

}
