package dev.toolspill.api;

import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.http.Problem;
import io.quarkus.logging.Log;
import jakarta.ws.rs.core.Response;

import java.util.Map;

/**
 * A {@link Problem} as an answer: as a JAX-RS response for the resources and the exception mappers
 * ({@link ProblemMappers}), and the failures both they and the Vert.x routes ({@link IngestRoute}) answer alike, each
 * said once here.
 */
public final class Problems {

    /** A problem with the headers that go with it ({@code Retry-After}, {@code Connection}). */
    public record Answer(Problem problem, Map<String, String> headers) {

        Answer(Response.Status status, String detail, Map<String, String> headers) {
            this(Problem.of(status.getStatusCode(), status.getReasonPhrase(), detail), headers);
        }

        public Response response() {
            Response.ResponseBuilder built = Response.fromResponse(Problems.response(problem.status(), problem.title(), problem.detail()));
            headers.forEach(built::header);
            return built.build();
        }
    }

    private Problems() {
    }

    public static Response response(Response.Status status, String detail) {
        return response(status.getStatusCode(), status.getReasonPhrase(), detail);
    }

    public static Response response(int status, String title, String detail) {
        return Response.status(status).type(Problem.MEDIA_TYPE).entity(Problem.of(status, title, detail)).build();
    }

    /** The store failed or timed out: 503, with when to retry. Logged in one line: during an outage every read says it. */
    static Answer storeFailed(BlobStoreException e) {
        Log.warnf("Blob store failed: %s", e.getMessage());
        int retry = BlobStoreException.retryAfterSeconds(e);
        return new Answer(Response.Status.SERVICE_UNAVAILABLE, "the blob store is unavailable: " + e.getMessage() + "; retry in "
                + retry + " s", Map.of("Retry-After", String.valueOf(retry)));
    }

    /** A body that did not arrive whole: 400 (the connection is not kept for another request). */
    static Answer bodyCut(java.io.IOException e) {
        Log.infof("A request body could not be read to its end: %s", e.getMessage());
        return new Answer(Response.Status.BAD_REQUEST,
                "the body could not be read to its end (the connection closed, or it stalled past toolspill.ingest.stall-timeout)", Map.of());
    }

    /** Anything else: logged with an id, answered with that id and nothing of the code that failed. */
    static Answer unexpected(Throwable e) {
        String id = java.util.UUID.randomUUID().toString().substring(0, 8);
        Log.errorf(e, "Unexpected failure %s", id);
        if (e instanceof OutOfMemoryError) {
            return new Answer(Response.Status.SERVICE_UNAVAILABLE, "this replica is short of memory right now (failure " + id
                    + "): retry shortly", Map.of("Retry-After", "1"));
        }
        return new Answer(Response.Status.INTERNAL_SERVER_ERROR, "the request failed unexpectedly (failure " + id
                + " in the service log); retry, and report it if it persists", Map.of());
    }
}
