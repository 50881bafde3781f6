package dev.toolspill.api;

import dev.toolspill.http.RouteOrder;

import dev.toolspill.config.ToolspillConfig;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.util.Map;

/**
 * Every body but a streamed upload is read whole into memory before it is parsed, so each has a cap
 * ({@code toolspill.pipeline.max-body-bytes}), checked from its {@code Content-Length} before a byte is read: 413
 * above it. A body of unknown length (chunked) could not be checked that way and gets 411. Then the body must fit in
 * the replica's budget for bodies held at once ({@link BufferedBodies}): 503 with Retry-After when it does not. The
 * route comes from {@link EdgeRoutes}; {@code POST /v1/tool-outputs} streams and enforces
 * {@code toolspill.ingest.max-bytes} itself.
 */
@ApplicationScoped
public class BodyLimits {

    private final long maxBytes;
    private final long timeoutMillis;
    private final double tenantShare;
    private final io.vertx.core.Vertx vertx;
    private final BufferedBodies buffered;
    private final EdgeRoutes routes;
    private final ProblemSender problems;

    public BodyLimits(ToolspillConfig config, BufferedBodies buffered, EdgeRoutes routes, io.vertx.core.Vertx vertx, ProblemSender problems) {
        this.maxBytes = config.pipeline().maxBodyBytes();
        this.timeoutMillis = Math.max(1, config.pipeline().bodyTimeout().toMillis());
        this.tenantShare = config.auth().enabled() ? config.ingest().tenantShare() : 1; // one tenant with auth off
        this.vertx = vertx;
        this.buffered = buffered;
        this.routes = routes;
        this.problems = problems;
    }

    void install(@Observes Router router) {
        router.route().order(RouteOrder.BODY_LIMITS.order()).handler(this::check);
    }

    private void check(RoutingContext context) {
        String length = context.request().getHeader("Content-Length");
        check(context, length, context.request().getHeader("Transfer-Encoding") != null || unknownHttp2Length(context, length));
    }

    /**
     * An HTTP/2 request has no Transfer-Encoding: a body of unknown length is a stream without a Content-Length. Taken
     * for "no body", it went past the cap and the budget, whole into memory (4 x 100 MB over h2c ran a 256 MiB heap out
     * of memory). Whether such a stream has a body is known only after routing, so it is refused on the routes whose
     * handlers read one (a batch and an MCP message are never empty).
     */
    private boolean unknownHttp2Length(RoutingContext context, String length) {
        return length == null && context.request().version() == io.vertx.core.http.HttpVersion.HTTP_2
                && routes.kind(context) == EdgeRoutes.Kind.STORING;
    }

    private void check(RoutingContext context, String length, boolean chunked) {
        if (routes.kind(context) == EdgeRoutes.Kind.UPLOAD || (length == null && !chunked)) {
            context.next(); // streamed, or no body at all
            return;
        }
        if (length == null) {
            refuse(context, 411, "Length Required", "send this body with a Content-Length (at most " + maxBytes
                    + " bytes, toolspill.pipeline.max-body-bytes); only POST /v1/tool-outputs streams bodies of unknown length", Map.of());
            return;
        }
        long bytes;
        try {
            bytes = Long.parseLong(length.strip());
        } catch (NumberFormatException e) {
            refuse(context, 400, "Bad Request", "Content-Length '" + length + "' is not a number of bytes", Map.of());
            return;
        }
        if (bytes > maxBytes) {
            refuse(context, 413, "Content Too Large", "the body (" + bytes + " bytes) is over toolspill.pipeline.max-body-bytes = "
                    + maxBytes + " bytes: send fewer or smaller calls per request, or large outputs to POST /v1/tool-outputs", Map.of());
            return;
        }
        if (bytes == 0) {
            context.next();
            return;
        }
        String tenant = TenantLimits.tenant(context);
        if (!buffered.tryTake(tenant, tenantShare, bytes)) {
            refuse(context, 503, "Service Unavailable", "this replica holds its budget of request bodies read whole already, or this "
                    + "tenant its share of it (toolspill.pipeline.buffered-bytes-budget = " + buffered.budget() + " bytes, "
                    + "toolspill.ingest.tenant-share): retry shortly, or on another replica", Map.of("Retry-After", "1"));
            return;
        }
        // a body declared large and sent slowly holds the budget until this deadline at most
        long timer = vertx.setTimer(timeoutMillis, id -> {
            if (!context.request().isEnded()) {
                LingeringClose.drop(context.request());
            }
        });
        context.addEndHandler(ended -> {
            vertx.cancelTimer(timer);
            buffered.giveBack(tenant, bytes);
        });
        context.next();
    }

    private void refuse(RoutingContext context, int status, String title, String detail, Map<String, String> headers) {
        problems.send(context, status, title, detail, headers);
    }
}
