package dev.toolspill.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Map;

/**
 * Answers a {@link Problem} from a Vert.x route, before Quarkus REST sees the request, and ends the exchange: the
 * body still on its way is not read for its content ({@link LingeringClose} drops it so the answer arrives whole).
 */
@ApplicationScoped
public class ProblemSender {

    private final ObjectMapper mapper;
    private final LingeringClose lingering;

    public ProblemSender(ObjectMapper mapper, LingeringClose lingering) {
        this.mapper = mapper;
        this.lingering = lingering;
    }

    public void send(RoutingContext context, int status, String title, String detail, Map<String, String> headers) {
        String body;
        try {
            body = mapper.writeValueAsString(new Problem("about:blank", title, status, detail));
        } catch (JsonProcessingException e) {
            context.fail(e);
            return;
        }
        var response = context.response().setStatusCode(status).putHeader("Content-Type", Problem.MEDIA_TYPE);
        if (context.request().version() != HttpVersion.HTTP_2) { // HTTP/2 forbids a Connection header
            response.putHeader("Connection", "close");
        }
        headers.forEach(response::putHeader);
        response.end(body).onComplete(sent -> lingering.close(context.request()));
    }
}
