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

    /**
     * Answers a problem from a Vert.x route, before Quarkus REST sees the request, and closes the connection: the
     * body still on its way will not be read.
     */
    public static void send(io.vertx.ext.web.RoutingContext context, com.fasterxml.jackson.databind.ObjectMapper mapper,
                            int status, String title, String detail, java.util.Map<String, String> headers) {
        try {
            var response = context.response().setStatusCode(status).putHeader("Content-Type", MEDIA_TYPE);
            // HTTP/2 forbids a Connection header, and its connection carries other streams (of other clients, behind
            // a proxy): there only this stream is reset, which stops its body
            boolean http2 = context.request().version() == io.vertx.core.http.HttpVersion.HTTP_2;
            if (!http2) {
                response.putHeader("Connection", "close");
            }
            headers.forEach(response::putHeader);
            response.end(mapper.writeValueAsString(new Problem("about:blank", title, status, detail))).onComplete(sent -> {
                if (!http2) {
                    context.request().connection().close();
                } else if (!context.request().isEnded()) {
                    response.reset(8); // CANCEL
                }
            });
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            context.fail(e);
        }
    }
}
