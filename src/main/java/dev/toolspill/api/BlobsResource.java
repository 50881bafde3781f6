package dev.toolspill.api;

import dev.toolspill.blob.BlobId;
import dev.toolspill.inspect.Inspector;
import dev.toolspill.limit.Limited;
import dev.toolspill.inspect.Selector;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Reads stored blobs. */
@Path("/v1/blobs/{id}")
@Tag(name = "blobs", description = "Read and remove stored outputs")
public class BlobsResource {

    private final Inspector inspector;

    public BlobsResource(Inspector inspector) {
        this.inspector = inspector;
    }

    /** The same text the {@code inspect} tool returns for this blob and selector. */
    @GET
    @Operation(summary = "Read exactly the part of a blob a selector names (the text the inspect tool returns)")
    @APIResponse(responseCode = "200", description = "Selected bytes, exactly as stored", content = @Content(mediaType = "text/plain",
            examples = {@ExampleObject(name = "lines:2-3", value = "event 2 ok\nevent 3 ok\n"),
                    @ExampleObject(name = "slice:10..12", value = "[{\"id\": 10},{\"id\": 11}]")}))
    @APIResponse(responseCode = "400", description = "Malformed id, bad selector syntax, wrong selector for the blob's kind, unknown key, range past the end",
            content = @Content(mediaType = "application/problem+json", examples = @ExampleObject(name = "past the end", value = OpenApiExamples.PROBLEM_RANGE)))
    @APIResponse(responseCode = "404", description = "No such blob", content = @Content(mediaType = "application/problem+json"))
    @Path("/inspect")
    @Produces("text/plain; charset=utf-8")
    public Uni<String> inspect(@Parameter(description = "Blob id from a summary's [blob:<id>]") @PathParam("id") String id,
                               @Parameter(description = "lines:A-B, slice:A..B or key:NAME; omit for metadata and the head", example = "lines:1000-1010")
                               @QueryParam("selector") String selector) {
        return Uni.createFrom().item(() -> BlobId.parse(id))
                .flatMap(blobId -> inspector.inspect(blobId, Selector.parse(selector)))
                .map(Limited::text);
    }
}
