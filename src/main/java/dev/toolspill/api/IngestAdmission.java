package dev.toolspill.api;

import dev.toolspill.http.RouteOrder;

import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.ingest.IngestPermits;
import io.quarkus.logging.Log;
import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.util.Map;

/**
 * Admits a streamed ingest only while this replica reads fewer than {@code toolspill.ingest.max-concurrent} bodies:
 * decided on the event loop before a worker thread or a byte of the body is taken. A refused request gets 503 with
 * Retry-After and its connection is closed, since the body still on its way will not be read. The permit is given
 * back when the response ends, however it ends. An admitted upload that has not been answered within
 * {@code toolspill.ingest.max-duration} is dropped ({@link LingeringClose#drop}: its HTTP/2 stream reset, its HTTP/1
 * connection closed; the ingest then drops what it read), so a client
 * that trickles bytes just fast enough to pass the stall timeout still gives its slot back. The route comes from
 * {@link EdgeRoutes}, as every policy's does.
 */
@ApplicationScoped
public class IngestAdmission {

    private final IngestPermits permits;
    private final EdgeRoutes routes;
    private final Vertx vertx;
    private final long maxMillis;
    private final ProblemSender problems;

    public IngestAdmission(IngestPermits permits, EdgeRoutes routes, Vertx vertx, ToolspillConfig config, ProblemSender problems) {
        this.permits = permits;
        this.routes = routes;
        this.vertx = vertx;
        this.maxMillis = Math.max(1, config.ingest().maxDuration().toMillis());
        this.problems = problems;
    }

    void install(@Observes Router router) {
        router.route().order(RouteOrder.INGEST_ADMISSION.order()).handler(this::admit);
    }

    private void admit(RoutingContext context) {
        if (routes.kind(context) != EdgeRoutes.Kind.UPLOAD) {
            context.next();
            return;
        }
        if (permits.tryAcquire()) {
            long timer = vertx.setTimer(maxMillis, id -> tooLong(context));
            context.addEndHandler(ended -> {
                vertx.cancelTimer(timer);
                permits.release();
            });
            context.next();
            return;
        }
        problems.send(context, 503, "Service Unavailable", "this replica is reading " + permits.max()
                + " outputs already (toolspill.ingest.max-concurrent): retry shortly, or on another replica", Map.of("Retry-After", "1"));
    }

    private void tooLong(RoutingContext context) {
        if (!context.response().ended() && !context.response().closed()) {
            Log.debugf("An upload passed toolspill.ingest.max-duration (%d ms) after %d bytes: it is dropped",
                    maxMillis, context.request().bytesRead());
            LingeringClose.drop(context.request());
        }
    }
}
