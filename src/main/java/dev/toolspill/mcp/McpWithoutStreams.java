package dev.toolspill.mcp;

import dev.toolspill.http.ApiPaths;

import dev.toolspill.http.Problem;
import dev.toolspill.http.RouteOrder;

import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code GET /mcp} answers 405, as the protocol allows a server that offers no server-to-client stream: such a
 * stream lives on one replica, and a client behind a load balancer would lose it on the next request. Every answer
 * comes back on the POST that asked for it, so no client needs one. The legacy SSE transport ({@code /mcp/sse},
 * protocol 2024-11-05) is off for the same reason: it is a stream per client on one replica.
 */
@ApplicationScoped
public class McpWithoutStreams {

    /** What {@code /mcp} takes, in the form of every other path's Allow header. */
    static final String ALLOW = "DELETE, OPTIONS, POST";

    /** The header that carries an MCP session's id (Streamable HTTP). */
    static final String SESSION_ID = "Mcp-Session-Id";

    /**
     * The longest session id let through. The protocol lets a session id be visible ASCII only; this server gives out
     * UUIDs (36 characters). The MCP library logs every id it does not know as a warning, so anything else stops here.
     */
    static final int MAX_SESSION_ID = 128;

    private final String path;

    public McpWithoutStreams(@ConfigProperty(name = "quarkus.mcp.server.http.root-path", defaultValue = ApiPaths.MCP) String path) {
        this.path = path;
    }

    void install(@Observes Router router) {
        router.route(path).order(RouteOrder.MCP_WITHOUT_STREAMS.order()).handler(this::methods);
        router.route(path + "/sse").order(RouteOrder.MCP_WITHOUT_STREAMS.order()).handler(this::legacy);
        router.route(path + "/messages/*").order(RouteOrder.MCP_WITHOUT_STREAMS.order()).handler(this::legacy);
    }

    /**
     * POST and DELETE go on to the MCP server; OPTIONS names them, as on every other path (the library's own answer
     * is an empty 405 that names GET); GET and any other method get 405. A DELETE ends the session its
     * {@code Mcp-Session-Id} names: without one it is a client's mistake, 400 problem+json here rather than the
     * library's empty 404 (which stays the answer for a session it does not know, the protocol's "start a new one").
     * A CORS preflight never gets here when CORS is on: Quarkus' CORS filter answers it first.
     */
    private void methods(RoutingContext context) {
        HttpMethod method = context.request().method();
        String session = context.request().getHeader(SESSION_ID);
        if (method == HttpMethod.DELETE && (session == null || session.isBlank())) {
            refuse(context, 400, "Bad Request", "DELETE " + path + " ends a session: send the session's id in the " + SESSION_ID + " header");
        } else if (session != null && !isSessionId(session)) {
            refuse(context, 400, "Bad Request", SESSION_ID + " is not a session id: one is 1 to " + MAX_SESSION_ID
                    + " visible ASCII characters, as this server gives them out (send none to start a session)");
        } else if (method == HttpMethod.POST || method == HttpMethod.DELETE) {
            context.next();
        } else if (method == HttpMethod.OPTIONS) {
            context.response().putHeader("Allow", ALLOW).setStatusCode(200).end();
        } else {
            context.response().putHeader("Allow", ALLOW);
            refuse(context, 405, "Method Not Allowed", method == HttpMethod.GET
                    ? "this MCP server offers no stream from server to client: every answer comes back on the POST that asked for it"
                    : method + " is not a method of " + path + ": POST a JSON-RPC message, or DELETE to end a session");
        }
    }

    /** 1 to {@link #MAX_SESSION_ID} visible ASCII characters (0x21 to 0x7E), as the protocol says a session id is. */
    private static boolean isSessionId(String value) {
        return !value.isEmpty() && value.length() <= MAX_SESSION_ID && value.chars().allMatch(c -> c >= 0x21 && c <= 0x7e);
    }

    private void legacy(RoutingContext context) {
        refuse(context, 404, "Not Found", "the legacy SSE transport is off: it ties a client to one replica. Use Streamable HTTP at " + path);
    }

    private static void refuse(RoutingContext context, int status, String title, String detail) {
        context.response().setStatusCode(status).putHeader("Content-Type", Problem.MEDIA_TYPE).end(Problem.of(status, title, detail).json());
    }
}
