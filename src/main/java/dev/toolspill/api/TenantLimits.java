package dev.toolspill.api;

import dev.toolspill.http.RouteOrder;

import dev.toolspill.metrics.Telemetry;
import dev.toolspill.quota.Ask;
import dev.toolspill.quota.Refusal;
import dev.toolspill.quota.SharedQuotas;
import dev.toolspill.quota.TenantQuotas;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.quarkus.vertx.http.runtime.security.QuarkusHttpUser;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.ingest.IngestPermits;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.util.Map;

/**
 * Each tenant's fair share of this replica ({@link TenantQuotas}), or of all replicas when a Redis counts for them
 * ({@link SharedQuotas}, {@code toolspill.limits.shared.url}), decided on the event loop after the security layer
 * has proved who is asking and before anything else is done: requests a second on every path but {@code /q/*};
 * for {@code POST /v1/tool-outputs} also the bytes stored today and the uploads at once. A refusal is 429
 * problem+json with Retry-After. The tenant is the authenticated principal's name; with authentication off, every
 * caller is the one tenant {@code anonymous}.
 */
@ApplicationScoped
public class TenantLimits {

    static final String SHARED = TenantQuotas.nameOf(null);

    private final TenantQuotas quotas;
    private final SharedQuotas shared;
    private final Telemetry telemetry;
    private final EdgeRoutes routes;
    private final int uploadsPerTenant;
    private final ProblemSender problems;

    private final long maxUploadBytes;

    public TenantLimits(TenantQuotas quotas, SharedQuotas shared, EdgeRoutes routes, IngestPermits permits, ToolspillConfig config,
                        ProblemSender problems, Telemetry telemetry) {
        this.quotas = quotas;
        this.shared = shared;
        this.telemetry = telemetry;
        this.routes = routes;
        this.uploadsPerTenant = uploadsPerTenant(config.ingest().maxConcurrentPerTenant(), config.ingest().tenantShare(),
                permits.max(), config.auth().enabled());
        this.problems = problems;
        this.maxUploadBytes = config.ingest().maxBytes();
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
        router.route().order(RouteOrder.TENANT_LIMITS.order()).handler(this::admit);
    }

    private void admit(RoutingContext context) {
        EdgeRoutes.Kind kind = routes.kind(context);
        if (kind == EdgeRoutes.Kind.QUARKUS) {
            context.next();
            return;
        }
        String tenant = tenant(context);
        Ask ask = switch (kind) {
            // a body over the ingest cap is the body caps' to refuse (413), not a day's budget's (429 until midnight)
            case UPLOAD -> Ask.upload(declaredLength(context) > maxUploadBytes ? 0 : declaredLength(context), uploadsPerTenant);
            case STORING -> Ask.STORING; // tools' outputs are stored too: a spent day's budget refuses the batch
            default -> Ask.REQUEST;
        };
        if (!shared.on()) {
            decided(context, tenant, ask, new SharedQuotas.Decision(quotas.admit(tenant, ask), SharedQuotas.Source.LOCAL, null));
            return;
        }
        // Redis decides: the body waits (paused) and the decision comes back on this request's event loop
        context.request().pause();
        Context loop = Vertx.currentContext();
        shared.admit(tenant, ask).emitOn(task -> loop.runOnContext(ignored -> task.run())).subscribe().with(decision -> {
            telemetry.sharedLimits(decision.source().name().toLowerCase(java.util.Locale.ROOT));
            context.request().resume();
            decided(context, tenant, ask, decision);
        });
    }

    private void decided(RoutingContext context, String tenant, Ask ask, SharedQuotas.Decision decision) {
        if (decision.refusal().isPresent()) {
            refuse(context, decision.refusal().get());
            return;
        }
        if (ask.kind() == Ask.Kind.UPLOAD) {
            context.addEndHandler(ended -> {
                shared.uploaded(tenant, decision);
                if (context.response().getStatusCode() < 300) {
                    shared.stored(tenant, context.request().bytesRead());
                }
            });
        }
        context.next();
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
