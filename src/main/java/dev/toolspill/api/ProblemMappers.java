package dev.toolspill.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.toolspill.auth.JwtTenants;
import dev.toolspill.blob.BlobNotFoundException;
import dev.toolspill.blob.BlobDamagedException;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.InvalidBlobIdException;
import dev.toolspill.blob.NoBlobStoreException;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.inspect.selector.InvalidSelectorException;
import dev.toolspill.inspect.walk.UnreadablePartException;
import dev.toolspill.pipeline.BatchTooLargeException;
import dev.toolspill.pipeline.InvalidBatchException;
import dev.toolspill.provider.ProviderFormatException;
import io.quarkus.logging.Log;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import java.util.Optional;

/** The one place that turns exceptions into {@code application/problem+json} responses. */
public class ProblemMappers {

    private final boolean jwts;
    private final LingeringClose lingering;
    private final AllowedMethods allowed;

    public ProblemMappers(ToolspillConfig config, LingeringClose lingering, AllowedMethods allowed) {
        this.jwts = JwtTenants.isOn(config.auth().jwt());
        this.lingering = lingering;
        this.allowed = allowed;
    }

    @ServerExceptionMapper
    public Response invalidBlobId(InvalidBlobIdException e) {
        return Problems.response(Response.Status.BAD_REQUEST, e.getMessage());
    }

    @ServerExceptionMapper
    public Response invalidSelector(InvalidSelectorException e) {
        return Problems.response(Response.Status.BAD_REQUEST, e.getMessage());
    }

    @ServerExceptionMapper
    public Response invalidBatch(InvalidBatchException e) {
        return Problems.response(Response.Status.BAD_REQUEST, e.getMessage());
    }

    @ServerExceptionMapper
    public Response providerFormat(ProviderFormatException e) {
        return Problems.response(Response.Status.BAD_REQUEST, e.getMessage());
    }

    @ServerExceptionMapper
    public Response batchTooLarge(BatchTooLargeException e) {
        return Problems.response(413, "Content Too Large", e.getMessage());
    }

    @ServerExceptionMapper
    public Response notFound(BlobNotFoundException e) {
        return Problems.response(Response.Status.NOT_FOUND, e.getMessage());
    }

    @ServerExceptionMapper
    public Response noStore(NoBlobStoreException e) {
        return Problems.response(Response.Status.NOT_FOUND, e.getMessage());
    }

    @ServerExceptionMapper
    public Response damaged(BlobDamagedException e) {
        return Problems.response(Response.Status.INTERNAL_SERVER_ERROR, e.getMessage() + " (POST /v1/blobs/{id}/verify checks it)");
    }

    /** A reader's own fault: not the store's, so no 503 and no Retry-After; the log has the stack, by id. */
    @ServerExceptionMapper
    public Response unreadablePart(UnreadablePartException e) {
        String id = java.util.UUID.randomUUID().toString().substring(0, 8);
        Log.errorf(e, "Inspect could not read a part of a blob (failure %s)", id);
        return Problems.response(Response.Status.INTERNAL_SERVER_ERROR, e.getMessage() + " (failure " + id + " in the service log)");
    }

    @ServerExceptionMapper
    public Response storeFailed(BlobStoreException e) {
        return Problems.storeFailed(e).response();
    }

    /**
     * A key that proves no identity, found where Quarkus REST handles the request (identities are checked lazily).
     * A body the request announced is not read: the connection closes with the answer.
     */
    @ServerExceptionMapper({AuthenticationFailedException.class, UnauthorizedException.class})
    public Response unauthorized(RuntimeException e, HttpHeaders headers, io.vertx.core.http.HttpServerRequest request) {
        Unauthorized unauthorized = Unauthorized.of(headers.getRequestHeader(HttpHeaders.AUTHORIZATION), jwts);
        Response.ResponseBuilder response = Response.fromResponse(Problems.response(401, Unauthorized.TITLE, unauthorized.detail()))
                .header(HttpHeaders.WWW_AUTHENTICATE, unauthorized.challenge())
                .header(HttpHeaders.CACHE_CONTROL, "no-store");
        return endingExchange(response, request).build();
    }

    /**
     * When the body the request announced is still unread, the answer says {@code Connection: close} and the rest of
     * the body is dropped after it ({@link LingeringClose}); a client could not tell where it ends otherwise.
     */
    private Response.ResponseBuilder endingExchange(Response.ResponseBuilder response, io.vertx.core.http.HttpServerRequest request) {
        if (ProblemSender.bodyUnread(request)) {
            if (request.version() != io.vertx.core.http.HttpVersion.HTTP_2) {
                response.header("Connection", "close");
            }
            lingering.ending(request);
            request.response().bodyEndHandler(written -> lingering.close(request));
        }
        return response;
    }

    @ServerExceptionMapper
    public Response forbidden(ForbiddenException e) {
        return Problems.response(Response.Status.FORBIDDEN, ApiAccess.FORBIDDEN);
    }

    @ServerExceptionMapper
    public Response badRequest(ApiException e) {
        return Problems.response(e.status(), e.getMessage());
    }

    @ServerExceptionMapper
    public Response mismatchedJson(MismatchedInputException e) {
        return Problems.response(Response.Status.BAD_REQUEST, describe(e));
    }

    /**
     * A key given twice in an object read into a record ({@code "arguments"} twice in a call) reaches Jackson as a
     * definition problem, which Quarkus would answer with an empty 500: it is the body's shape, so a 400.
     */
    @ServerExceptionMapper
    public Response repeatedKey(InvalidDefinitionException e) {
        Log.infof("A JSON body could not be read into its type: %s", e.getOriginalMessage());
        return Problems.response(Response.Status.BAD_REQUEST, describe(e).replace("does not have the type this endpoint takes there",
                "does not have the type this endpoint takes there (is a key given twice?)"));
    }

    @ServerExceptionMapper
    public Response badJson(JsonProcessingException e) {
        return Problems.response(Response.Status.BAD_REQUEST, describe(e));
    }

    /**
     * What Quarkus REST refuses by itself. A 404 on a path some resource serves, for a method it does not take there,
     * is a 405 like any other: Quarkus REST matched the path to another resource's template (a GET of
     * {@code /v1/blobs/{id}/verify} to {@code /v1/blobs/{id}}, which has no such sub-path). A resource that answers 404
     * itself ran, so it took the method.
     */
    @ServerExceptionMapper
    public Response web(WebApplicationException e, io.vertx.core.http.HttpServerRequest request) {
        if (e.getCause() instanceof JsonProcessingException json) {
            return Problems.response(Response.Status.BAD_REQUEST, describe(json));
        }
        Response.StatusType status = e.getResponse().getStatusInfo();
        Optional<String> allow = Optional.empty();
        if (status.getStatusCode() == 404 || status.getStatusCode() == 405) {
            Optional<AllowedMethods.Methods> methods = allowed.of(request.path());
            if (status.getStatusCode() == 404 && methods.isPresent() && !methods.get().takes(request.method().name())) {
                status = Response.Status.METHOD_NOT_ALLOWED;
            }
            allow = methods.map(AllowedMethods.Methods::header);
        }
        String detail = switch (status.getStatusCode()) {
            case 404 -> "no such path: see /q/openapi (on the management port) for the endpoints";
            case 405 -> request.method() + " is not a method of " + request.path()
                    + allow.map(methods -> ": it takes " + methods).orElse(": see /q/openapi for what it takes");
            case 406 -> "this endpoint cannot answer in the media type the Accept header asks for";
            case 415 -> "Content-Type '" + request.getHeader("Content-Type") + "' is not accepted here: send application/json";
            default -> e.getMessage();
        };
        Response.ResponseBuilder answer = Response.fromResponse(Problems.response(status.getStatusCode(), status.getReasonPhrase(), detail));
        if (status.getStatusCode() == 405) {
            allow.ifPresent(methods -> answer.header(HttpHeaders.ALLOW, methods));
        }
        return endingExchange(answer, request).build();
    }

    /**
     * What is wrong with a JSON body, in the client's terms: where (the JSON path and line/column) and what was
     * expected. Jackson's own message names Java types, so only a parse error's text (which does not) is kept.
     */
    private static String describe(JsonProcessingException e) {
        String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
        String what;
        if (String.valueOf(e.getOriginalMessage()).startsWith("Unexpected end-of-input")) { // a body cut short, whatever was being read
            what = "the body is not valid JSON: it ends early (a bracket, brace or string is not closed)";
        } else if (e instanceof com.fasterxml.jackson.databind.JsonMappingException mapping) {
            String path = mapping.getPath().stream()
                    .map(ref -> ref.getFieldName() != null ? "." + ref.getFieldName() : "[" + ref.getIndex() + "]")
                    .collect(java.util.stream.Collectors.joining());
            what = path.isEmpty() ? "the body does not have the shape this endpoint takes"
                    : "the value at $" + path + " does not have the type this endpoint takes there";
        } else {
            String message = e.getOriginalMessage().lines().findFirst().orElse("");
            what = "the body is not valid JSON: " + (message.contains("`") ? "it could not be parsed" : message);
        }
        return what + where + "; a batch looks like {\"calls\":[{\"id\":\"1\",\"name\":\"<tool>\",\"arguments\":{}}]}";
    }

    /** A body that could not be read to its end: the client went away or stalled. Its problem, not ours: no stack. */
    @ServerExceptionMapper
    public Response unreadable(java.io.IOException e) {
        return Response.fromResponse(Problems.bodyCut(e).response()).header("Connection", "close").build();
    }

    @ServerExceptionMapper
    public Response unexpected(Throwable e) {
        return Problems.unexpected(e).response();
    }
}
