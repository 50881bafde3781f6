package dev.toolspill.api;

import dev.toolspill.http.ApiPaths;

import dev.toolspill.http.RouteOrder;

import dev.toolspill.config.ToolspillConfig;
import io.vertx.core.MultiMap;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Who may keep an answer. With authentication on, every answer but Quarkus' own ({@code /q/*}) is the caller's:
 * {@code Cache-Control: private} (a blob's {@code max-age} and {@code immutable} stay, for the client's own cache)
 * and {@code Vary: Authorization} (API keys and JWTs travel in that header only, see {@link ApiKeyMechanism}), so a
 * shared cache in front (a proxy, a CDN) never serves one tenant's bytes to another, to a request without a key, or
 * after a DELETE. With authentication off there is one tenant, and an answer a resource marks cacheable (a blob's
 * bytes) is {@code public}.
 */
@ApplicationScoped
public class CachePolicy {

    static final String CACHE_CONTROL = "Cache-Control";

    private final boolean authenticated;

    public CachePolicy(ToolspillConfig config) {
        this.authenticated = config.auth().enabled();
    }

    void install(@Observes Router router) {
        router.route().order(RouteOrder.CACHE_POLICY.order()).handler(context -> {
            if (!context.normalizedPath().startsWith(ApiPaths.QUARKUS)) {
                context.addHeadersEndHandler(ended -> mark(context));
            }
            context.next();
        });
    }

    private void mark(RoutingContext context) {
        MultiMap headers = context.response().headers();
        String given = headers.get(CACHE_CONTROL);
        if (authenticated) {
            if (given == null || given.isBlank()) {
                headers.set(CACHE_CONTROL, "private");
            } else if (!given.contains("no-store") && !given.contains("private")) { // no-store keeps it from every cache already
                headers.set(CACHE_CONTROL, "private, " + given);
            }
            headers.add("Vary", "Authorization");
        } else if (given != null && given.contains("max-age")) {
            headers.set(CACHE_CONTROL, "public, " + given);
        }
    }
}
