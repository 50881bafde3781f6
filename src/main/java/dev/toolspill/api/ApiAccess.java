package dev.toolspill.api;

import dev.toolspill.http.ApiPaths;

import dev.toolspill.config.ToolspillConfig;
import io.quarkus.security.ForbiddenException;
import io.quarkus.vertx.http.security.HttpSecurity;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.util.Map;

/**
 * Which paths need an identity, by path so that every endpoint, present or future ({@code /v1/*}, {@code /mcp}),
 * is covered: with authentication on, every path but Quarkus' own {@code /q/*} (health, metrics, OpenAPI) and the
 * console's static pages ({@link ConsoleRoutes#OPEN}; its data, {@code /console/api/*}, needs a key like the rest). Also
 * answers a 403 that the security layer raises before Quarkus REST as problem+json, like every other error.
 */
@ApplicationScoped
public class ApiAccess {

    static final String OPEN = ApiPaths.QUARKUS + "*";
    static final String FORBIDDEN = "this identity may not use this path";

    private final boolean enabled;
    private final ProblemSender problems;

    public ApiAccess(ToolspillConfig config, ProblemSender problems) {
        this.enabled = config.auth().enabled();
        this.problems = problems;
    }

    void paths(@Observes HttpSecurity security) {
        if (enabled) {
            security.path("/*").authenticated()
                    .path(OPEN).permit()
                    .path(ConsoleRoutes.OPEN).permit(); // the console's pages hold no data; /console/api/* needs a key
        }
    }

    void forbidden(@Observes Router router) {
        router.route().failureHandler(this::forbidden);
    }

    private void forbidden(RoutingContext context) {
        if (!(context.failure() instanceof ForbiddenException) || context.response().ended()) {
            context.next();
            return;
        }
        problems.send(context, 403, "Forbidden", FORBIDDEN, Map.of());
    }
}
