package dev.toolspill.http;

import io.vertx.core.json.JsonObject;

/**
 * An RFC 9457 problem detail, the body of every error answer ({@code application/problem+json}), whichever part of
 * the edge answers: REST's exception mappers, a Vert.x route, or the MCP adapter.
 */
public record Problem(String type, String title, int status, String detail) {

    public static final String MEDIA_TYPE = "application/problem+json";

    /** A problem of no particular type ({@code about:blank}): the status and its title say what it is. */
    public static Problem of(int status, String title, String detail) {
        return new Problem("about:blank", title, status, detail);
    }

    /** The body, as JSON. */
    public String json() {
        return new JsonObject().put("type", type).put("title", title).put("status", status).put("detail", detail).encode();
    }
}
