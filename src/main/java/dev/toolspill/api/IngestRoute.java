package dev.toolspill.api;

import dev.toolspill.http.ApiPaths;

import dev.toolspill.http.RouteOrder;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.history.Admitted;
import dev.toolspill.ledger.Ledger;
import dev.toolspill.ledger.LedgerEntry;
import dev.toolspill.ingest.StreamIngest;
import dev.toolspill.metrics.Telemetry;
import dev.toolspill.provider.ResultItem;
import io.quarkus.logging.Log;
import io.quarkus.vertx.http.runtime.security.QuarkusHttpUser;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.io.IOException;
import java.util.Map;

/**
 * Serves {@code POST /v1/tool-outputs} as a Vert.x route, the one endpoint that is not a Quarkus REST method: Quarkus
 * REST (3.33) hands a resource a body only whole or as a blocking {@code InputStream}, and an upload must cost a few
 * buffers, not a thread parked on its socket. So the body is read here as a {@code Multi<Buffer>} with back-pressure
 * (the request is paused between chunks) into {@link StreamIngest}, on the event loop. It runs after everything every
 * route gets: authentication (order -100), {@link TenantLimits} (-99), {@link BodyLimits} (-98),
 * {@link IngestAdmission} (-90) and the body caps of {@link HttpHygiene} (-3) and Quarkus (-2); it answers {@code Expect: 100-continue} itself, only once those admitted the request.
 * {@link ToolOutputsResource} keeps the endpoint's OpenAPI description; its answers are the same as before.
 */
@ApplicationScoped
public class IngestRoute {

    static final String PATH = ApiPaths.TOOL_OUTPUTS;

    private final StreamIngest ingest;
    private final ObjectMapper mapper;
    private final ProblemSender problems;
    private final Telemetry telemetry;
    private final long maxBytes;
    private final boolean authEnabled;
    private final Ledger ledger;

    public IngestRoute(StreamIngest ingest, ObjectMapper mapper, Telemetry telemetry, ToolspillConfig config, ProblemSender problems,
                       Ledger ledger) {
        this.ledger = ledger;
        this.ingest = ingest;
        this.mapper = mapper;
        this.problems = problems;
        this.telemetry = telemetry;
        this.maxBytes = config.ingest().maxBytes();
        this.authEnabled = config.auth().enabled();
    }

    void install(@Observes Router router) {
        router.route(HttpMethod.POST, PATH).order(RouteOrder.INGEST.order()).handler(this::ingest);
    }

    private void ingest(RoutingContext context) {
        HttpServerRequest request = context.request();
        String tool = context.queryParams().get("tool");
        if (tool == null || tool.isBlank()) {
            refuse(context, Response.Status.BAD_REQUEST,
                    "query parameter 'tool' is required: it names the tool whose limit applies, e.g. ?tool=read_file", Map.of());
            return;
        }
        if (tool.length() > dev.toolspill.pipeline.ToolPipeline.MAX_NAME) {
            refuse(context, Response.Status.BAD_REQUEST, "query parameter 'tool' is over " + dev.toolspill.pipeline.ToolPipeline.MAX_NAME
                    + " chars: it names the tool whose limit applies, e.g. ?tool=read_file", Map.of());
            return;
        }
        Boolean json = isJson(request.getHeader("Content-Type"));
        if (json == null) {
            refuse(context, Response.Status.UNSUPPORTED_MEDIA_TYPE, "Content-Type '" + request.getHeader("Content-Type")
                    + "' is not accepted: send the output as text/plain (any text) or application/json (a JSON document), UTF-8", Map.of());
            return;
        }
        long declared = declaredLength(request);
        if (declared > maxBytes) {
            refuse(context, Response.Status.REQUEST_ENTITY_TOO_LARGE, "the body (" + declared + " bytes) is over toolspill.ingest.max-bytes = "
                    + maxBytes + " bytes: send a smaller output or raise that setting", Map.of());
            return;
        }
        if ("100-continue".equalsIgnoreCase(request.getHeader("Expect"))) {
            request.response().writeContinue();
        }
        String owner = authEnabled ? tenant(context) : null; // the blob is this tenant's (as Callers would say)
        ingest.ingest(tool, io.vertx.mutiny.core.http.HttpServerRequest.newInstance(request).toMulti(), json, owner,
                        () -> LingeringClose.drop(request))
                .subscribe().with(admitted -> answer(context, tool, owner, admitted), failure -> failed(context, failure));
    }

    private void answer(RoutingContext context, String tool, String owner, Admitted admitted) {
        telemetry.output(tool, admitted.disposition().label(), admitted.historyBytes(), admitted.keptOutBytes());
        if (ledger.on()) {
            ledger.record(admitted.entry(owner, ledger.now(), LedgerEntry.INGEST, tool, null, false));
        }
        if (context.response().closed()) {
            return;
        }
        try {
            context.response().setStatusCode(200).putHeader("Content-Type", MediaType.APPLICATION_JSON)
                    .end(mapper.writeValueAsString(ResultItem.ok(null, tool, admitted)));
        } catch (JsonProcessingException e) {
            failed(context, e);
        }
    }

    /** The same answers the exception mappers give the other endpoints ({@link ProblemMappers}). */
    private void failed(RoutingContext context, Throwable failure) {
        if (context.response().closed() || context.response().headWritten()) {
            Log.debugf("An upload ended after its client left: %s", failure.toString());
            return;
        }
        if (failure instanceof StreamIngest.RefusedException refused) {
            refuse(context, refused.tooLarge() ? Response.Status.REQUEST_ENTITY_TOO_LARGE : Response.Status.BAD_REQUEST, refused.getMessage(), Map.of());
        } else {
            Problems.Answer answer = failure instanceof BlobStoreException store ? Problems.storeFailed(store)
                    : failure instanceof IOException cut ? Problems.bodyCut(cut) : Problems.unexpected(failure);
            problems.answer(context, answer.problem().status(), answer.problem().title(), answer.problem().detail(), answer.headers());
        }
    }

    /** A problem+json answer; when the body was not read to its end, the connection closes after it ({@link LingeringClose}). */
    private void refuse(RoutingContext context, Response.Status status, String detail, Map<String, String> headers) {
        problems.answer(context, status.getStatusCode(), status.getReasonPhrase(), detail, headers);
    }

    /** The tenant the security layer proved; with authentication on, a request without one never gets here. */
    private static String tenant(RoutingContext context) {
        if (context.user() instanceof QuarkusHttpUser user && !user.getSecurityIdentity().isAnonymous()) {
            return user.getSecurityIdentity().getPrincipal().getName();
        }
        throw new IllegalStateException("an upload reached the ingest without an identity");
    }

    private static long declaredLength(HttpServerRequest request) {
        String length = request.getHeader("Content-Length");
        try {
            return length == null ? -1 : Long.parseLong(length.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** True for JSON, false for text, null for anything else. */
    private static Boolean isJson(String contentType) {
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
        return null;
    }
}
