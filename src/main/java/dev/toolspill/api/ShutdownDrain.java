package dev.toolspill.api;

import dev.toolspill.http.ApiPaths;

import dev.toolspill.http.RouteOrder;

import io.quarkus.logging.Log;
import io.quarkus.runtime.ShutdownDelayInitiatedEvent;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.util.Map;

/**
 * A replica told to stop finishes what it is doing and takes nothing new. Quarkus waits up to
 * {@code quarkus.shutdown.timeout} for requests in flight (uploads, batches) and closes each connection when its
 * answer is sent; but it would still serve a request that arrives meanwhile. From the start of the shutdown
 * ({@code quarkus.shutdown.delay}, when readiness turns DOWN) a new request gets 503 with Retry-After, as
 * problem+json, so its client retries on a replica that stays. Probes ({@code /q/*}) still answer.
 */
@ApplicationScoped
public class ShutdownDrain {

    private final ProblemSender problems;
    private volatile boolean draining;

    public ShutdownDrain(ProblemSender problems) {
        this.problems = problems;
    }

    void started(@Observes ShutdownDelayInitiatedEvent event) {
        draining = true;
        Log.info("Shutting down: requests in flight finish, new ones get 503");
    }

    void install(@Observes Router router) {
        router.route().order(RouteOrder.SHUTDOWN_DRAIN.order()).handler(this::admit);
    }

    private void admit(RoutingContext context) {
        if (!draining || context.normalizedPath().startsWith(ApiPaths.QUARKUS)) {
            context.next();
            return;
        }
        problems.send(context, 503, "Service Unavailable",
                "this replica is shutting down: retry on another replica", Map.of("Retry-After", "1"));
    }
}
