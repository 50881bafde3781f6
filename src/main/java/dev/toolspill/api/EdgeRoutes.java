package dev.toolspill.api;

import dev.toolspill.http.ApiPaths;

import dev.toolspill.http.RouteOrder;

import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.Map;
import java.util.Optional;

/**
 * The route table the edge policies read. First, on every request and before anything else (authentication
 * included), a path that is not canonical ({@link ApiPaths#refusal}) gets 400 problem+json; after that the path the
 * router matches is the path as sent, and {@link #kind} tells each policy which route a request is on from that one
 * string: body caps and the buffered-body budget ({@link BodyLimits}), quotas ({@link TenantLimits}) and replica
 * admission ({@link IngestAdmission}) all ask here, so no spelling reaches a handler past its policy.
 */
@ApplicationScoped
public class EdgeRoutes {

    /** What a request is, for the policies. */
    public enum Kind {
        /** {@code POST /v1/tool-outputs}: a streamed upload (ingest cap, upload slots, bytes a day). */
        UPLOAD,
        /** {@code POST /v1/tool-calls}, {@code POST /mcp}: a body read whole, whose tools store outputs. */
        STORING,
        /** Quarkus' own paths ({@code /q/*}): no quotas. */
        QUARKUS,
        /** Anything else: a body, if any, is read whole. */
        OTHER
    }

    private final String mcp;
    private final ProblemSender problems;

    public EdgeRoutes(@ConfigProperty(name = "quarkus.mcp.server.http.root-path", defaultValue = ApiPaths.MCP) String mcp, ProblemSender problems) {
        this.mcp = mcp;
        this.problems = problems;
    }

    void install(@Observes Router router) {
        router.route().order(RouteOrder.CANONICAL_PATH.order()).handler(this::canonical);
    }

    private void canonical(RoutingContext context) {
        Optional<String> refusal = ApiPaths.refusal(context.request().path());
        if (refusal.isEmpty()) {
            context.next();
            return;
        }
        problems.send(context, 400, "Bad Request", "not a canonical path: " + refusal.get()
                + " (see /q/openapi on the management port for the endpoints)", Map.of());
    }

    public Kind kind(RoutingContext context) {
        return kind(context.request().method(), context.normalizedPath());
    }

    /** The route of a request with this method and (canonical) path. */
    public Kind kind(HttpMethod method, String path) {
        if (path.startsWith(ApiPaths.QUARKUS)) {
            return Kind.QUARKUS;
        }
        if (method == HttpMethod.POST && path.equals(ApiPaths.TOOL_OUTPUTS)) {
            return Kind.UPLOAD;
        }
        if (method == HttpMethod.POST && (path.equals(ApiPaths.TOOL_CALLS) || path.equals(mcp))) {
            return Kind.STORING;
        }
        return Kind.OTHER;
    }
}
