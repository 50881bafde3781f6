package dev.toolspill.api;

import dev.toolspill.http.Problem;
import jakarta.ws.rs.core.Response;

/** A {@link Problem} as a JAX-RS response, for the resources and the exception mappers. */
public final class Problems {

    private Problems() {
    }

    public static Response response(Response.Status status, String detail) {
        return response(status.getStatusCode(), status.getReasonPhrase(), detail);
    }

    public static Response response(int status, String title, String detail) {
        return Response.status(status).type(Problem.MEDIA_TYPE).entity(Problem.of(status, title, detail)).build();
    }
}
