package dev.toolspill.api;

import jakarta.ws.rs.core.Response;

/** An RFC 9457 problem detail, the body of every error response. */
public record Problem(String type, String title, int status, String detail) {

    public static final String MEDIA_TYPE = "application/problem+json";

    public static Response response(Response.Status status, String detail) {
        return response(status.getStatusCode(), status.getReasonPhrase(), detail);
    }

    public static Response response(int status, String title, String detail) {
        return Response.status(status)
                .type(MEDIA_TYPE)
                .entity(new Problem("about:blank", title, status, detail))
                .build();
    }
}
