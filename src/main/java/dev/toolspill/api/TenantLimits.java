package dev.toolspill.api;

import dev.toolspill.quota.Refusal;
import dev.toolspill.quota.TenantQuotas;
import io.quarkus.vertx.http.runtime.security.QuarkusHttpUser;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.ingest.IngestPermits;
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

    private final TenantQuotas quotas;
    private final EdgeRoutes routes;
    private final int uploadsPerTenant;
    private final ProblemSender problems;

    public TenantLimits(TenantQuotas quotas, EdgeRoutes routes, IngestPermits permits, ToolspillConfig config, ProblemSender problems) {
        this.quotas = quotas;
        this.routes = routes;
        this.uploadsPerTenant = uploadsPerTenant(config.ingest().maxConcurrentPerTenant(), config.ingest().tenantShare(),
                permits.max(), config.auth().enabled());
        this.problems = problems;
    }

    /**
     * Uploads one tenant may send at once: the configured number, else (with authentication on: with it off there
     * is one tenant) its share of the replica's upload slots, at least one; 0 for no cap of its own.
     */
    static int uploadsPerTenant(int configured, double share, int replicaSlots, boolean authenticated) {
        if (configured > 0) {
            return configured;
        }
        if (!authenticated || share == 1) {
            return 0;
        }
        return Math.max(1, (int) Math.floor(share * replicaSlots));
    }

    void install(@Observes Router router) {
        // after Quarkus' authentication and authorization (order -100), before the body caps (-98) and ingest permits (-90)
        router.route().order(-99).handler(this::admit);
    }

    private void admit(RoutingContext context) {
        EdgeRoutes.Kind kind = routes.kind(context);
        if (kind == EdgeRoutes.Kind.QUARKUS) {
            context.next();
            return;
        }
        String tenant = tenant(context);
        Optional<Refusal> refusal = quotas.request(tenant);
        if (refusal.isEmpty() && kind == EdgeRoutes.Kind.UPLOAD) {
            refusal = admitUpload(context, tenant);
        } else if (refusal.isEmpty() && kind == EdgeRoutes.Kind.STORING) {
            refusal = quotas.store(tenant, 0); // tools' outputs are stored too: a spent day's budget refuses the batch
        }
        refusal.ifPresentOrElse(r -> refuse(context, r), context::next);
    }

    private Optional<Refusal> admitUpload(RoutingContext context, String tenant) {
        Optional<Refusal> refusal = quotas.store(tenant, declaredLength(context)).or(() -> quotas.upload(tenant, uploadsPerTenant));
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
        problems.answer(context, 429, "Too Many Requests", refusal.detail(), Map.of("Retry-After", Long.toString(refusal.retryAfterSeconds())));
    }
}
