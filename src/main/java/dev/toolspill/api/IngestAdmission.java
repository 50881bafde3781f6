package dev.toolspill.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.ingest.IngestPermits;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.util.Map;

/**
 * Admits a streamed ingest only while this replica reads fewer than {@code toolspill.ingest.max-concurrent} bodies:
 * decided on the event loop before a worker thread or a byte of the body is taken. A refused request gets 503 with
 * Retry-After and its connection is closed, since the body still on its way will not be read. The permit is given
 * back when the response ends, however it ends.
 */
@ApplicationScoped
public class IngestAdmission {

    private static final String PATH = "/v1/tool-outputs";

    private final IngestPermits permits;
    private final ObjectMapper mapper;

    public IngestAdmission(IngestPermits permits, ObjectMapper mapper) {
        this.permits = permits;
        this.mapper = mapper;
    }

    void install(@Observes Router router) {
        router.route(HttpMethod.POST, PATH).order(-90).handler(this::admit);
    }

    private void admit(RoutingContext context) {
        if (permits.tryAcquire()) {
            context.addEndHandler(ended -> permits.release());
            context.next();
            return;
        }
        Problem.send(context, mapper, 503, "Service Unavailable", "this replica is reading " + permits.max()
                + " outputs already (toolspill.ingest.max-concurrent): retry shortly, or on another replica", Map.of("Retry-After", "1"));
    }
}
