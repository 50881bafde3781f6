package dev.toolspill.api;

import dev.toolspill.http.Problem;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Map;

/**
 * Answers a {@link Problem} from a Vert.x route, where Quarkus REST's exception mappers ({@link ProblemMappers}) do
 * not reach: the edge's refusals before a body is read, the upload route, and the statuses Vert.x itself sets. The
 * two ways an answer can leave the connection are here only: kept for the next request, or ended with the exchange
 * when the body is not read for its content ({@link LingeringClose} drops it, so the answer arrives whole).
 */
@ApplicationScoped
public class ProblemSender {

    private final LingeringClose lingering;

    public ProblemSender(LingeringClose lingering) {
        this.lingering = lingering;
    }

    /** Answers, and ends the exchange and (over HTTP/1) its connection: the body still on its way is not read. */
    public void send(RoutingContext context, int status, String title, String detail, Map<String, String> headers) {
        write(context, status, title, detail, headers, true);
    }

    /** Answers; the connection stays for the next request unless a body is still on its way, as {@link #send}. */
    public void answer(RoutingContext context, int status, String title, String detail, Map<String, String> headers) {
        write(context, status, title, detail, headers, bodyUnread(context.request()));
    }

    /** An answer without content (an OPTIONS): the exchange ends with it only when a body is still on its way, as {@link #answer}. */
    public void empty(RoutingContext context, int status, Map<String, String> headers) {
        finish(context, context.response().setStatusCode(status), "", headers, bodyUnread(context.request()));
    }

    private void write(RoutingContext context, int status, String title, String detail, Map<String, String> headers, boolean end) {
        var response = context.response().setStatusCode(status).putHeader("Content-Type", Problem.MEDIA_TYPE);
        finish(context, response, Problem.of(status, title, detail).json(), headers, end);
    }

    private void finish(RoutingContext context, HttpServerResponse response, String body, Map<String, String> headers, boolean end) {
        if (end && context.request().version() != HttpVersion.HTTP_2) { // HTTP/2 forbids a Connection header
            response.putHeader("Connection", "close");
        }
        headers.forEach(response::putHeader);
        if (end) {
            lingering.ending(context.request());
            response.end(body).onComplete(sent -> lingering.close(context.request()));
        } else {
            response.end(body);
        }
    }

    /** Whether the request announced a body (a length, or chunks) that has not been read to its end. */
    static boolean bodyUnread(HttpServerRequest request) {
        if (request.isEnded()) {
            return false;
        }
        String length = request.getHeader("Content-Length");
        return request.getHeader("Transfer-Encoding") != null || (length != null && !length.strip().equals("0"));
    }
}
