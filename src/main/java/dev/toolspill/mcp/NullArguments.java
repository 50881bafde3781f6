package dev.toolspill.mcp;

import dev.toolspill.http.ApiPaths;

import dev.toolspill.http.RouteOrder;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Lets a {@code tools/call} carry {@code null} arguments ({@code {"selector": null}}, as models in strict mode send
 * for optional ones). The MCP server copies arguments into a map that refuses nulls and would answer "Internal
 * error"; so before it reads the message, such arguments move to {@link #ORIGINAL} and the server sees none.
 * {@link McpTools} reads them from there, and they are validated as on {@code /v1/tool-calls}.
 */
@ApplicationScoped
public class NullArguments {

    /** Where a call's arguments wait when they hold a null; a params key no MCP message uses. */
    static final String ORIGINAL = "dev.toolspill/arguments";

    private final String path;
    private final long maxBodyBytes;

    public NullArguments(@ConfigProperty(name = "quarkus.mcp.server.http.root-path", defaultValue = ApiPaths.MCP) String path,
                         dev.toolspill.config.ToolspillConfig config) {
        this.path = path;
        this.maxBodyBytes = config.pipeline().maxBodyBytes();
    }

    void install(@Observes Router router) {
        // The body is already capped by the edge at toolspill.pipeline.max-body-bytes (Content-Length required), which
        // answers problem+json; the body handler takes that cap too (its own default, 10 MiB, answered an empty 413).
        // The MCP route's own body handler sees the body read.
        router.post(path).order(RouteOrder.MCP_NULL_ARGUMENTS.order()).handler(BodyHandler.create(false).setBodyLimit(maxBodyBytes))
                .handler(this::moveNulls);
    }

    private void moveNulls(RoutingContext context) {
        String body = context.body().asString("UTF-8"); // as the MCP server reads it, whatever the Content-Type says
        if (body != null && body.contains("null")) {
            try {
                Object message = Json.decodeValue(body);
                if (move(message)) {
                    context.setBody(Json.encodeToBuffer(message));
                }
            } catch (DecodeException e) {
                // not JSON: the MCP server answers it with a parse error
            }
        }
        context.next();
    }

    private static boolean move(Object message) {
        if (message instanceof JsonArray batch) {
            boolean moved = false;
            for (Object each : batch) {
                moved |= move(each);
            }
            return moved;
        }
        if (message instanceof JsonObject call && "tools/call".equals(call.getValue("method"))
                && call.getValue("params") instanceof JsonObject params
                && params.getValue("arguments") instanceof JsonObject arguments && arguments.getMap().containsValue(null)) {
            params.put(ORIGINAL, arguments).put("arguments", new JsonObject());
            return true;
        }
        return false;
    }
}
