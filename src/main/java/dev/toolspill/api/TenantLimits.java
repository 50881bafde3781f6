package dev.toolspill.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.quota.Refusal;
import dev.toolspill.quota.TenantQuotas;
import io.quarkus.vertx.http.runtime.security.QuarkusHttpUser;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.util.Map;
import java.util.Optional;

/**
 * Each tenant's fair share of this replica ({@link TenantQuotas}), decided on the event loop after the security layer
 * has proved who is asking and before anything else is done: requests a second on every path but {@code /q/*};
 * for {@code POST /v1/tool-outputs} also the bytes stored today and the uploads at once. A refusal is 429
 * problem+json with Retry-After. The tenant is the authenticated principal's name; with authentication off, every
 * caller is the one tenant {@code anonymous}.
 */
@ApplicationScoped
public class TenantLimits {

    static final String SHARED = TenantQuotas.nameOf(null);
    private static final String INGEST = "/v1/tool-outputs";
    /** Paths whose calls run tools, whose outputs are stored under the caller's name and counted after the fact. */
    private static final java.util.Set<String> STORING = java.util.Set.of("/v1/tool-calls", "/mcp");

    private final TenantQuotas quotas;
    private final ObjectMapper mapper;

    public TenantLimits(TenantQuotas quotas, ObjectMapper mapper) {
        this.quotas = quotas;
        this.mapper = mapper;
    }

    void install(@Observes Router router) {
        // after Quarkus' authentication and authorization (order -100), before the body caps (-98) and ingest permits (-90)
        router.route().order(-99).handler(this::admit);
    }

    private void admit(RoutingContext context) {
        if (context.normalizedPath().startsWith("/q/")) {
            context.next();
            return;
        }
        String tenant = tenant(context);
        Optional<Refusal> refusal = quotas.request(tenant);
        if (refusal.isEmpty() && context.request().method() == HttpMethod.POST && context.normalizedPath().equals(INGEST)) {
            refusal = admitUpload(context, tenant);
        } else if (refusal.isEmpty() && context.request().method() == HttpMethod.POST && STORING.contains(context.normalizedPath())) {
            refusal = quotas.store(tenant, 0); // tools' outputs are stored too: a spent day's budget refuses the batch
        }
        refusal.ifPresentOrElse(r -> refuse(context, r), context::next);
    }

    private Optional<Refusal> admitUpload(RoutingContext context, String tenant) {
        Optional<Refusal> refusal = quotas.store(tenant, declaredLength(context)).or(() -> quotas.upload(tenant));
        if (refusal.isEmpty()) {
            context.addEndHandler(ended -> {
                quotas.uploaded(tenant);
                if (context.response().getStatusCode() < 300) {
                    quotas.stored(tenant, context.request().bytesRead());
                }
            });
        }
        return refusal;
    }

    private static long declaredLength(RoutingContext context) {
        String length = context.request().getHeader("Content-Length");
        try {
            return length == null ? 0 : Math.max(0, Long.parseLong(length.strip()));
        } catch (NumberFormatException e) {
            return 0; // not a number: the ingest answers it
        }
    }

    static String tenant(RoutingContext context) {
        if (context.user() instanceof QuarkusHttpUser user && !user.getSecurityIdentity().isAnonymous()) {
            return user.getSecurityIdentity().getPrincipal().getName();
        }
        return SHARED;
    }

    private void refuse(RoutingContext context, Refusal refusal) {
        Map<String, String> headers = Map.of("Retry-After", Long.toString(refusal.retryAfterSeconds()));
        if (context.request().getHeader("Transfer-Encoding") != null || declaredLength(context) > 0) {
            Problem.send(context, mapper, 429, "Too Many Requests", refusal.detail(), headers); // the body is not read: closes
            return;
        }
        try {
            var response = context.response().setStatusCode(429).putHeader("Content-Type", Problem.MEDIA_TYPE);
            headers.forEach(response::putHeader);
            response.end(mapper.writeValueAsString(new Problem("about:blank", "Too Many Requests", 429, refusal.detail())));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            context.fail(e);
        }
    }
}
