package dev.toolspill.mcp;

import dev.toolspill.http.ApiPaths;

import dev.toolspill.http.RouteOrder;

import dev.toolspill.http.Problem;

import io.quarkus.logging.Log;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.Map;

/**
 * Answers JSON-RPC messages whose params the MCP server cannot read, before it reads them: it would answer a 500
 * naming its Java types (params that are not an object, an {@code initialize} without {@code clientInfo}) or never
 * answer at all (a {@code tools/call} without a {@code name}). Such a message gets the JSON-RPC error "Invalid
 * params" (-32602); anything else the server still fails on becomes a 400 that names nothing inside.
 */
@ApplicationScoped
public class McpMessageCheck {

    /** Per method, the params members that must be strings ("" for none) and objects. */
    private static final Map<String, String[]> REQUIRED = Map.of(
            "tools/call", new String[] {"name", ""},
            "resources/read", new String[] {"uri", ""},
            "resources/subscribe", new String[] {"uri", ""},
            "resources/unsubscribe", new String[] {"uri", ""},
            "prompts/get", new String[] {"name", ""},
            "initialize", new String[] {"protocolVersion", "clientInfo"});

    private final String path;

    public McpMessageCheck(@ConfigProperty(name = "quarkus.mcp.server.http.root-path", defaultValue = ApiPaths.MCP) String path) {
        this.path = path;
    }

    void install(@Observes Router router) {
        router.post(path).order(RouteOrder.MCP_MESSAGE_CHECK.order()).handler(this::check);
        router.route(path).failureHandler(this::failed);
    }

    private void check(RoutingContext context) {
        // as UTF-8 whatever charset the Content-Type names, as JSON is and as the MCP server reads it: read in
        // another charset, a message that is not an object slipped past this check and the server failed on it (500)
        String body = context.body() == null ? null : context.body().asString("UTF-8");
        Object message;
        try {
            message = body == null ? null : Json.decodeValue(body);
        } catch (DecodeException e) {
            context.next(); // not JSON: the MCP server answers it with a parse error
            return;
        }
        if (!(message instanceof JsonObject) && !(message instanceof JsonArray batch && !batch.isEmpty()
                && batch.stream().allMatch(JsonObject.class::isInstance))) {
            answer(context, null, -32600, "Invalid Request: a JSON-RPC message is a JSON object (or a non-empty array of them)");
            return;
        }
        String problem = message instanceof JsonArray batch ? batch.stream().map(McpMessageCheck::problem)
                .filter(p -> p != null).findFirst().orElse(null) : problem(message);
        if (problem == null) {
            context.next();
            return;
        }
        Object id = message instanceof JsonObject one && validId(one.getValue("id")) ? one.getValue("id") : null;
        answer(context, id, problem.startsWith("id ") ? -32600 : -32602, (problem.startsWith("id ") ? "Invalid Request: " : "Invalid params: ") + problem);
    }

    private static boolean validId(Object id) {
        return id instanceof String || id instanceof Integer || id instanceof Long || id instanceof java.math.BigInteger;
    }

    private static void answer(RoutingContext context, Object id, int code, String message) {
        JsonObject error = new JsonObject().put("jsonrpc", "2.0").put("id", id)
                .put("error", new JsonObject().put("code", code).put("message", message));
        context.response().setStatusCode(id == null ? 400 : 200).putHeader("Content-Type", "application/json").end(error.encode());
    }

    /** What is wrong with one message's params, or null when the server can read them. */
    static String problem(Object message) {
        if (!(message instanceof JsonObject call) || !(call.getValue("method") instanceof String method)) {
            return null; // not a request: the server answers it
        }
        if (call.containsKey("id") && !validId(call.getValue("id"))) {
            return "id " + "of a request must be a string or an integer";
        }
        Object params = call.getValue("params");
        if (params != null && !(params instanceof JsonObject)) {
            return "params of " + method + " must be a JSON object";
        }
        String[] required = REQUIRED.get(method);
        if (required == null) {
            return null;
        }
        JsonObject members = params == null ? new JsonObject() : (JsonObject) params;
        if (!(members.getValue(required[0]) instanceof String)) {
            return method + " needs params." + required[0] + " as a string";
        }
        if (!required[1].isEmpty() && !(members.getValue(required[1]) instanceof JsonObject info && info.getValue("name") instanceof String)) {
            return method + " needs params." + required[1] + " as an object with a name";
        }
        Object arguments = members.getValue("arguments");
        if (arguments != null && !(arguments instanceof JsonObject)) {
            return method + " needs params.arguments as a JSON object";
        }
        return null;
    }

    private void failed(RoutingContext context) {
        if (context.response().ended() || context.failure() == null || context.failure() instanceof io.quarkus.security.AuthenticationException
                || context.failure() instanceof io.quarkus.security.ForbiddenException) {
            context.next();
            return;
        }
        Log.warnf(context.failure(), "The MCP server could not handle a message");
        context.response().setStatusCode(400).putHeader("Content-Type", Problem.MEDIA_TYPE).end(Problem.of(400, "Bad Request",
                "the MCP message could not be handled: send JSON-RPC 2.0 with the params its method takes").json());
    }
}
