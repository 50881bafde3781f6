package dev.toolspill.api;

import dev.toolspill.http.ApiPaths;

import dev.toolspill.http.Problem;

import dev.toolspill.blob.BlobAccess;
import dev.toolspill.blob.BlobId;
import dev.toolspill.tenant.Caller;
import dev.toolspill.tenant.Callers;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code POST /v1/blobs/{id}/verify}: reads a blob whole and checks it against the SHA-256 recorded when it was written. */
@Path(ApiPaths.BLOB_VERIFY)
@Tag(name = "blobs", description = "Read and remove stored outputs")
public class BlobVerifyResource {

    /** What a check found: {@code sha256} as recorded (null when nothing was), {@code bytes} as stored now. */
    public record Verified(String id, String sha256, long bytes, boolean ok,
                           @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) String actual_sha256) {
    }

    private final BlobAccess access;
    private final Callers callers;

    public BlobVerifyResource(BlobAccess access, Callers callers) {
        this.access = access;
        this.callers = callers;
    }

    @POST
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "verifyBlob", summary = "Check a blob's bytes against the SHA-256 recorded when it was written",
            description = "Reads the whole blob (streamed). ok is true when its size and SHA-256 are those recorded; a blob "
                    + "written before digests were recorded has none (sha256 null) and is never ok. actual_sha256 is given "
                    + "when ok is false.")
    @APIResponse(responseCode = "200", description = "The check's result, {id, sha256, bytes, ok, actual_sha256?}",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Verified.class)))
    @APIResponse(responseCode = "400", description = "Malformed id", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "404", description = "No such blob (or not this tenant's), or no blob store",
            content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "503", description = "The store failed or did not answer in time: retry",
            headers = @Header(name = "Retry-After"), content = @Content(mediaType = Problem.MEDIA_TYPE))
    public Uni<Verified> verify(@Parameter(description = "Blob id from a summary's [blob:<id>]") @PathParam("id") String id) {
        Caller caller = callers.current();
        return Uni.createFrom().item(() -> BlobId.parse(id))
                .flatMap(blobId -> access.verify(caller, blobId))
                .map(v -> new Verified(v.id().toString(), v.sha256(), v.bytes(), v.ok(), v.actualSha256()));
    }
}
