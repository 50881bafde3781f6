package dev.toolspill.mcp;

import dev.toolspill.http.ApiPaths;

import dev.toolspill.http.Problem;
import dev.toolspill.http.RouteOrder;

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

    private final String path;

    public McpWithoutStreams(@ConfigProperty(name = "quarkus.mcp.server.http.root-path", defaultValue = ApiPaths.MCP) String path) {
        this.path = path;
    }

    void install(@Observes Router router) {
        router.get(path).order(RouteOrder.MCP_WITHOUT_STREAMS.order()).handler(context -> context.response().putHeader("Allow", "POST, DELETE")
                .setStatusCode(405).putHeader("Content-Type", Problem.MEDIA_TYPE).end(Problem.of(405, "Method Not Allowed",
                        "this MCP server offers no stream from server to client: every answer comes back on the POST that asked for it").json()));
        router.route(path + "/sse").order(RouteOrder.MCP_WITHOUT_STREAMS.order()).handler(this::legacy);
        router.route(path + "/messages/*").order(RouteOrder.MCP_WITHOUT_STREAMS.order()).handler(this::legacy);
    }

    private void legacy(RoutingContext context) {
        context.response().setStatusCode(404).putHeader("Content-Type", Problem.MEDIA_TYPE).end(Problem.of(404, "Not Found",
                "the legacy SSE transport is off: it ties a client to one replica. Use Streamable HTTP at " + path).json());
    }
}
