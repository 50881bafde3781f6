package dev.toolspill.api;

import jakarta.ws.rs.core.Response;

/** A request the API refuses, with the status and a detail that says what would work. */
public class ApiException extends RuntimeException {
    private final Response.Status status;

    public ApiException(Response.Status status, String detail) {
        super(detail);
        this.status = status;
    }

    public Response.Status status() {
        return status;
    }
}
