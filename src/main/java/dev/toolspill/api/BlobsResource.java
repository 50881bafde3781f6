package dev.toolspill.api;

import dev.toolspill.http.ApiPaths;

import dev.toolspill.http.Problem;

import dev.toolspill.blob.BlobId;
import dev.toolspill.history.Admitted;
import dev.toolspill.inspect.Inspector;
import dev.toolspill.inspect.selector.Selector;
import dev.toolspill.limit.Limited;
import dev.toolspill.provider.ResultItem;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.toolspill.tenant.Caller;
import dev.toolspill.tenant.Callers;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Reads stored blobs. */
@Path(ApiPaths.BLOB)
@Tag(name = "blobs", description = "Read and remove stored outputs")
public class BlobsResource {

    static final String TEXT = "text/plain; charset=utf-8";

    private final Inspector inspector;
    private final Callers callers;

    public BlobsResource(Inspector inspector, Callers callers) {
        this.inspector = inspector;
        this.callers = callers;
    }

    /**
     * The same text the {@code inspect} tool returns for this blob and selector; with {@code Accept: application/json},
     * the result item the tool call gives. When the answer is one part of a longer selection, the selector of the
     * next part is in a {@code Link: <…>; rel="next"} header and, in JSON, in the field {@code next}.
     */
    @GET
    @Operation(operationId = "inspectBlob", summary = "Read exactly the part of a blob a selector names (the text the inspect tool returns)",
            description = "text/plain by default; Accept: application/json gives the result item, whose field next names the "
                    + "selector of the next part when the answer is cut. A Link header with rel=\"next\" names it too.")
    @APIResponse(responseCode = "200", description = "Selected bytes, exactly as stored",
            headers = @Header(name = "Link", description = "</v1/blobs/{id}/inspect?selector=…>; rel=\"next\" when a next part exists"),
            content = {@Content(mediaType = "text/plain", examples = {@ExampleObject(name = "lines:2-3", value = "event 2 ok\nevent 3 ok\n"),
                    @ExampleObject(name = "slice:10..12", value = "[{\"id\": 10},{\"id\": 11}]")}),
                    @Content(mediaType = "application/json", schema = @Schema(implementation = ResultItem.class),
                            examples = @ExampleObject(name = "a cut answer", value = OpenApiExamples.INSPECT_ITEM))})
    @APIResponse(responseCode = "400", description = "Malformed id, bad selector syntax, wrong selector for the blob's kind, unknown key or pointer, range past the end",
            content = @Content(mediaType = Problem.MEDIA_TYPE, examples = @ExampleObject(name = "past the end", value = OpenApiExamples.PROBLEM_RANGE)))
    @APIResponse(responseCode = "404", description = "No such blob", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @Path(ApiPaths.INSPECT)
    @Produces({TEXT, MediaType.APPLICATION_JSON})
    public Uni<Response> inspect(@Parameter(description = "Blob id from a summary's [blob:<id>]") @PathParam("id") String id,
                                 // the description is built from the selector kinds: OpenApiSelectors
                                 @Parameter(example = "lines:1000-1010")
                                 @QueryParam("selector") String selector,
                                 @Context HttpHeaders headers) {
        boolean json = wantsJson(headers);
        Caller caller = callers.current();
        return Uni.createFrom().item(() -> BlobId.parse(id))
                .flatMap(blobId -> inspector.inspect(caller, blobId, Selector.parse(selector)).map(limited -> answer(blobId, limited, json)));
    }

    private static Response answer(BlobId id, Limited limited, boolean json) {
        Response.ResponseBuilder response = json
                ? Response.ok(ResultItem.ok(null, "inspect", new Admitted(limited.text(), null,
                        limited.truncated() ? new Admitted.Truncation(limited.droppedBytes(), null) : null, limited.next())), MediaType.APPLICATION_JSON)
                : Response.ok(limited.text(), TEXT);
        if (limited.next() != null) {
            String query = URLEncoder.encode(limited.next(), StandardCharsets.UTF_8).replace("+", "%20");
            response.header("Link", "</v1/blobs/" + id + "/inspect?selector=" + query + ">; rel=\"next\"");
        }
        return response.build();
    }

    /** JSON only when asked for before text: a client that accepts anything gets the text the model reads. */
    private static boolean wantsJson(HttpHeaders headers) {
        for (MediaType type : headers.getAcceptableMediaTypes()) {
            if (type.getType().equals("application") && type.getSubtype().equals("json")) {
                return true;
            }
            if (type.getType().equals("text") || type.isWildcardType()) {
                return false;
            }
        }
        return false;
    }
}
