package dev.toolspill.api;

import dev.toolspill.http.ApiPaths;

import dev.toolspill.http.Problem;

import dev.toolspill.blob.BlobAccess;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobRecord;
import dev.toolspill.tenant.Caller;
import dev.toolspill.tenant.Callers;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobStore;
import org.jboss.resteasy.reactive.PathPart;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.retention.BlobRemover;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.List;
import java.util.Optional;

/**
 * {@code GET} and {@code HEAD /v1/blobs/{id}}: a blob's raw bytes, streamed, never loaded whole; {@code DELETE}
 * removes it.
 *
 * <ul>
 *   <li>{@code Content-Type} from the blob's kind, exact {@code Content-Length}, {@code Accept-Ranges: bytes}, a
 *       strong {@code ETag} (the quoted id: a blob never changes under its id) and one-year immutable caching,
 *       private to the caller when authentication is on ({@link CachePolicy}).</li>
 *   <li>One byte range per RFC 9110 ({@code bytes=a-b}, {@code bytes=a-}, {@code bytes=-n}): 206 with
 *       {@code Content-Range}; a range that starts at or past the end, or {@code bytes=-0}: 416 with
 *       {@code Content-Range: bytes *}{@code /size} and a problem+json body.</li>
 *   <li>A Range header that is malformed, of another unit, or asks for <b>several ranges</b> ({@code bytes=0-1,5-6})
 *       is ignored and the whole blob is sent with 200, as RFC 9110 §14.2 allows (see {@link HttpRange}).</li>
 *   <li>{@code If-None-Match} ({@code *} or a list, weak comparison) answers 304; an {@code If-Range} that is not
 *       this ETag (strong comparison) makes the Range ignored.</li>
 *   <li>HEAD is Quarkus REST's automatic HEAD for this GET: the same status and headers, and the body, which is
 *       only read when written, is never read.</li>
 * </ul>
 *
 * A whole blob streams through {@link BlobStore#stream} and is checked against the SHA-256 recorded when it was
 * written as it goes: its last chunk is sent only when the digest matches, so a damaged blob ends in a reset
 * connection, never a complete-looking 200. A range of a store with local files is sent zero-copy ({@code sendfile}).
 * Another tenant's blob answers 404 exactly as an unknown id does.
 * Errors (bad id 400, unknown id 404) come from the exception mappers as problem+json.
 */
@Path(ApiPaths.BLOB)
@Tag(name = "blobs", description = "Read and remove stored outputs")
public class BlobContentResource {

    /** Never changes under its id; {@link CachePolicy} makes it private (authentication on) or public (off). */
    static final String CACHE_CONTROL = "max-age=31536000, immutable";

    private final BlobStore store;
    private final BlobRemover remover;
    private final BlobAccess access;
    private final Callers callers;

    public BlobContentResource(BlobStore store, BlobRemover remover, BlobAccess access, Callers callers) {
        this.store = store;
        this.remover = remover;
        this.access = access;
        this.callers = callers;
    }

    @GET
    @Operation(operationId = "getBlob", summary = "A blob's raw bytes, whole or one byte range (HEAD: the same headers, no body)",
            description = "Streamed, never loaded whole. Immutable: cache it for good, revalidate with If-None-Match.")
    @Parameter(name = "Range", in = ParameterIn.HEADER, schema = @Schema(type = SchemaType.STRING), example = "bytes=0-1023", description = "One range: bytes=first-last, "
            + "bytes=first- or bytes=-suffix. Several ranges, another unit or a malformed header: ignored, the whole blob comes with 200")
    @Parameter(name = "If-None-Match", in = ParameterIn.HEADER, schema = @Schema(type = SchemaType.STRING), description = "The ETag, * or a list of tags: 304 when one matches")
    @Parameter(name = "If-Range", in = ParameterIn.HEADER, schema = @Schema(type = SchemaType.STRING), description = "Honour Range only if this is the ETag; else send the whole blob")
    @APIResponse(responseCode = "200", description = "The whole blob, exactly as stored",
            headers = {@Header(name = "ETag", description = "The quoted blob id"), @Header(name = "Accept-Ranges"), @Header(name = "Cache-Control")},
            content = {@Content(mediaType = "text/plain; charset=utf-8"), @Content(mediaType = "application/json")})
    @APIResponse(responseCode = "206", description = "One byte range of the blob",
            headers = @Header(name = "Content-Range", description = "bytes first-last/size"),
            content = {@Content(mediaType = "text/plain; charset=utf-8"), @Content(mediaType = "application/json")})
    @APIResponse(responseCode = "304", description = "If-None-Match matched the ETag")
    @APIResponse(responseCode = "400", description = "Malformed id", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "404", description = "No such blob, or no blob store", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "416", description = "The range starts at or past the end of the blob",
            headers = @Header(name = "Content-Range", description = "bytes */size"), content = @Content(mediaType = Problem.MEDIA_TYPE))
    public Uni<Response> content(@Parameter(description = "Blob id from a summary's [blob:<id>]") @PathParam("id") String id,
                                 @Context HttpHeaders headers) {
        Caller caller = callers.current();
        return Uni.createFrom().item(() -> BlobId.parse(id))
                .flatMap(blobId -> access.check(caller, blobId)
                        .flatMap(record -> store.metadata(blobId).map(blob -> answer(blob, record, headers))));
    }

    @DELETE
    @Operation(operationId = "deleteBlob", summary = "Remove a blob and everything kept beside it (its read index)",
            description = "GET, HEAD and inspect of the id answer 404 afterwards. Safe to repeat; with toolspill.retention.max-age "
                    + "set, blobs older than that are removed on their own.")
    @APIResponse(responseCode = "204", description = "Removed")
    @APIResponse(responseCode = "400", description = "Malformed id", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "404", description = "No such blob (never stored, or already removed), or no blob store",
            content = @Content(mediaType = Problem.MEDIA_TYPE))
    @APIResponse(responseCode = "503", description = "The store failed or did not answer in time: retry",
            headers = @Header(name = "Retry-After"), content = @Content(mediaType = Problem.MEDIA_TYPE))
    public Uni<Response> delete(@Parameter(description = "Blob id from a summary's [blob:<id>]") @PathParam("id") String id) {
        Caller caller = callers.current();
        return Uni.createFrom().item(() -> BlobId.parse(id))
                .flatMap(blobId -> remover.removeExisting(caller, blobId))
                .map(removed -> Response.noContent().build());
    }

    private Response answer(BlobMetadata blob, Optional<BlobRecord> record, HttpHeaders headers) {
        EntityTag etag = EntityTag.strong(blob.id().toString());
        if (etag.matchesAnyOf(header(headers, HttpHeaders.IF_NONE_MATCH))) {
            return Response.notModified()
                    .header(HttpHeaders.ETAG, etag.toString())
                    .header(HttpHeaders.CACHE_CONTROL, CACHE_CONTROL)
                    .build();
        }
        String ifRange = header(headers, "If-Range");
        String range = ifRange == null || etag.isStronglyMatchedBy(ifRange) ? header(headers, "Range") : null;
        HttpRange.Selection selection = HttpRange.select(range, blob.bytes());
        if (selection instanceof HttpRange.Part part) {
            // a range over every byte (bytes=0-, a suffix as long as the blob) is the whole blob: checked as one
            boolean whole = part.range().offset() == 0 && part.range().length() == blob.bytes();
            return content(Response.status(Response.Status.PARTIAL_CONTENT), blob, etag, part.range(), whole ? record : Optional.empty())
                    .header("Content-Range", part.contentRange())
                    .build();
        }
        if (selection instanceof HttpRange.Unsatisfiable unsatisfiable) {
            return unsatisfiable(blob, unsatisfiable);
        }
        return content(Response.ok(), blob, etag, new ByteRange(0, blob.bytes()), record).build();
    }

    private Response.ResponseBuilder content(Response.ResponseBuilder response, BlobMetadata blob, EntityTag etag, ByteRange range,
                                             Optional<BlobRecord> record) {
        return response.entity(body(blob, range, record))
                .type(blob.format().mediaType())
                .header(HttpHeaders.CONTENT_LENGTH, range.length())
                .header("Accept-Ranges", "bytes")
                .header(HttpHeaders.ETAG, etag.toString())
                .header(HttpHeaders.CACHE_CONTROL, CACHE_CONTROL);
    }

    /**
     * A whole blob with a recorded digest streams, checked as it goes; else a local file goes out with {@code sendfile}
     * (Quarkus REST's {@link PathPart}), and other stores stream chunks.
     */
    private Object body(BlobMetadata blob, ByteRange range, Optional<BlobRecord> record) {
        if (record.isPresent()) {
            return new BlobBody(store.stream(blob.id(), range), range.length(), blob.id(), record.get().sha256());
        }
        return store.localFile(blob)
                .<Object>map(file -> new PathPart(file, range.offset(), range.length()))
                .orElseGet(() -> new BlobBody(store.stream(blob.id(), range), range.length()));
    }

    private static Response unsatisfiable(BlobMetadata blob, HttpRange.Unsatisfiable unsatisfiable) {
        Response problem = Problems.response(Response.Status.REQUESTED_RANGE_NOT_SATISFIABLE, "blob " + blob.id() + " has "
                + blob.bytes() + " bytes, so no byte of the requested range exists: ask for a range that starts below "
                + blob.bytes() + " (bytes=first-last, bytes=first- or bytes=-suffix), or drop Range for the whole blob");
        return Response.fromResponse(problem)
                .header("Content-Range", unsatisfiable.contentRange())
                .header("Accept-Ranges", "bytes")
                .build();
    }

    /** All lines of a header as one list value, as RFC 9110 §5.3 lets a recipient combine them; null when absent. */
    private static String header(HttpHeaders headers, String name) {
        List<String> values = headers.getRequestHeader(name);
        return values == null || values.isEmpty() ? null : String.join(", ", values);
    }
}
