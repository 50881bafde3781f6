package dev.toolspill.quota;

import dev.toolspill.config.ToolspillConfig;
import io.quarkus.logging.Log;
import io.quarkus.runtime.Startup;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.redis.client.Command;
import io.vertx.mutiny.redis.client.Redis;
import io.vertx.mutiny.redis.client.Request;
import io.vertx.mutiny.redis.client.Response;
import io.vertx.redis.client.RedisOptions;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Each tenant's limits counted once for every replica, in the Redis of {@code toolspill.limits.shared.url}: one
 * atomic script a request ({@code quota/admit.lua}: the request bucket, the day's bytes, the upload leases), so a
 * tenant gets its figures across N replicas, not N times them. An upload holds a lease that this replica renews every
 * third of {@code lease-ttl}; a replica that dies stops renewing, and its leases free themselves within that time.
 * With Redis slow or down ({@code timeout}), {@code on-outage} decides: this replica's own counts ({@link TenantQuotas},
 * as with no Redis) or no limits; never an error. Without a URL it is off and the caller uses TenantQuotas alone.
 */
@ApplicationScoped
@Startup // connects at start-up, so the first requests do not wait for a connection
public class SharedQuotas {

    /** Who decided: Redis, this replica's counts (Redis off or unreachable), or nobody (unreachable, {@code open}). */
    public enum Source { SHARED, LOCAL, OPEN }

    /** A decision, and the lease an admitted upload holds (null otherwise): give it back with {@link #uploaded}. */
    public record Decision(Optional<Refusal> refusal, Source source, String lease) {
    }

    private static final String PREFIX = "toolspill:";
    private static final String RENEW = "local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) "
            + "for i = 2, #ARGV do redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[1]), ARGV[i]) end "
            + "redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1])) return 1";

    private final TenantQuotas local;
    private final ToolspillConfig.Limits.Shared settings;
    private final Redis redis;
    private final Vertx vertx;
    private final String admit = script("/quota/admit.lua");
    private final Map<String, String> leases = new ConcurrentHashMap<>(); // lease -> tenant, this replica's
    private final AtomicBoolean reachable = new AtomicBoolean(true);
    private final AtomicBoolean closed = new AtomicBoolean();
    private final String replica = UUID.randomUUID().toString(); // who holds a lease, for whoever looks in Redis
    private final long renewTimer;

    @Inject
    public SharedQuotas(TenantQuotas local, ToolspillConfig config, Vertx vertx) {
        this(local, config.limits().shared(), vertx);
    }

    SharedQuotas(TenantQuotas local, ToolspillConfig.Limits.Shared settings, Vertx vertx) {
        this.local = local;
        this.settings = settings;
        this.vertx = vertx;
        this.redis = settings.url().map(url -> Redis.createClient(vertx, new RedisOptions().setConnectionString(url)
                .setMaxPoolSize(16).setMaxPoolWaiting(1024))).orElse(null);
        this.renewTimer = redis == null ? -1 : vertx.setPeriodic(renewEvery(settings.leaseTtl()).toMillis(), id -> renew());
        if (redis != null) {
            redis.send(Request.cmd(Command.PING)).subscribe().with(ignored -> { }, this::unreachable);
        }
    }

    /** Whether a Redis is configured; without one, TenantQuotas alone decides. */
    public boolean on() {
        return redis != null;
    }

    /** Decides {@code ask} for {@code tenant}; completes with a decision, never a failure. */
    public Uni<Decision> admit(String tenant, Ask ask) {
        TenantQuotas.Figures figures = local.figures(tenant);
        String lease = ask.kind() == Ask.Kind.UPLOAD ? UUID.randomUUID().toString() : null;
        long day = local.today();
        Request request = Request.cmd(Command.EVAL).arg(admit).arg(3)
                .arg(PREFIX + "rate:" + tenant).arg(PREFIX + "bytes:" + tenant + ":" + day).arg(PREFIX + "uploads:" + tenant)
                .arg(figures.rate()).arg(Math.max(1, Math.max(figures.burst(), (int) Math.ceil(figures.rate()))))
                .arg(ask.kind() == Ask.Kind.REQUEST ? -1 : figures.bytesPerDay()).arg(ask.declaredBytes())
                .arg(ask.kind() == Ask.Kind.UPLOAD ? ask.maxUploads() : -1).arg(lease == null ? "-" : lease)
                .arg(settings.leaseTtl().toMillis());
        Uni<Response> answer = redis.send(request).memoize().indefinitely();
        return answer
                .ifNoItem().after(settings.timeout()).fail()
                .map(reply -> decided(tenant, figures, ask, lease, reply))
                .onFailure().recoverWithItem(failure -> {
                    if (lease != null) {
                        // decided locally, but Redis may still run the script and add the lease: when its late answer
                        // comes, the lease goes, or it would hold a slot for lease-ttl with nobody in it
                        answer.subscribe().with(late -> redis.send(Request.cmd(Command.ZREM).arg(PREFIX + "uploads:" + tenant).arg(lease))
                                .subscribe().with(ignored -> { }, this::unreachable), ignored -> { });
                    }
                    return fallback(tenant, ask, failure);
                });
    }

    /** Counts bytes this tenant stored, for every replica (and in this replica's own counts, for an outage). */
    public void stored(String tenant, long bytes) {
        local.stored(tenant, bytes);
        if (redis != null && bytes > 0) {
            String key = PREFIX + "bytes:" + tenant + ":" + local.today();
            redis.batch(List.of(Request.cmd(Command.INCRBY).arg(key).arg(bytes), Request.cmd(Command.EXPIRE).arg(key).arg(2 * 86_400)))
                    .subscribe().with(ignored -> { }, failure -> unreachable(failure));
        }
    }

    /** Ends an upload: its lease, or its slot in this replica's counts when the decision was local. */
    public void uploaded(String tenant, Decision decision) {
        if (redis == null || decision.source() == Source.LOCAL) {
            local.uploaded(tenant);
        } else if (decision.lease() != null) {
            leases.remove(decision.lease());
            redis.send(Request.cmd(Command.ZREM).arg(PREFIX + "uploads:" + tenant).arg(decision.lease()))
                    .subscribe().with(ignored -> { }, this::unreachable);
        }
    }

    /**
     * Whether this replica may do a piece of work that one replica at a time should do ({@code name}, e.g. a retention
     * sweep) for the next {@code ttl}: with Redis, the one that sets the lease first, until it expires (a replica that
     * dies mid-work holds it no longer than that); without Redis, or with it unreachable, every replica may (the work
     * must be safe to do at once, only wasteful). The Redis kind of {@code blob.Leases}: without a Redis,
     * {@code storage.BlobStoreProducer} keeps leases in the shared store instead.
     */
    public Uni<Boolean> lease(String name, Duration ttl) {
        if (redis == null) {
            return Uni.createFrom().item(true);
        }
        return redis.send(Request.cmd(Command.SET).arg(PREFIX + "lease:" + name).arg(replica).arg("NX").arg("PX").arg(Math.max(1, ttl.toMillis())))
                .ifNoItem().after(settings.timeout()).fail()
                .map(answer -> answer != null && "OK".equals(answer.toString()))
                .onFailure().recoverWithItem(failure -> {
                    unreachable(failure);
                    return true;
                });
    }

    private Decision decided(String tenant, TenantQuotas.Figures figures, Ask ask, String lease, Response answer) {
        if (!reachable.getAndSet(true)) {
            Log.infof("The shared limits' Redis answers again: tenants' limits hold across replicas");
        }
        int code = answer.get(0).toInteger();
        long value = answer.size() > 1 ? answer.get(1).toLong() : 0;
        return switch (code) {
            case 0 -> {
                if (lease != null) {
                    leases.put(lease, tenant);
                }
                yield new Decision(Optional.empty(), Source.SHARED, lease);
            }
            case 1 -> refused("more than " + format(figures.rate()) + " requests a second from this tenant across all replicas "
                    + "(toolspill.limits.requests-per-second): retry after the time Retry-After gives", Math.max(1, (value + 999) / 1000));
            case 2 -> refused("this tenant stored " + value + " of its " + figures.bytesPerDay() + " bytes a day across all replicas "
                    + "(toolspill.limits.stored-bytes-per-day)" + (ask.declaredBytes() > 0 ? " and this body has " + ask.declaredBytes() : "")
                    + ": the budget starts again at 00:00 UTC", local.secondsUntilMidnight());
            default -> refused("this tenant sends " + value + " outputs at once already across all replicas (toolspill.ingest.tenant-share, "
                    + "or toolspill.ingest.max-concurrent-per-tenant): retry when one has finished", 1);
        };
    }

    private static Decision refused(String detail, long retryAfterSeconds) {
        return new Decision(Optional.of(new Refusal(detail, retryAfterSeconds)), Source.SHARED, null);
    }

    private Decision fallback(String tenant, Ask ask, Throwable failure) {
        unreachable(failure);
        if (settings.onOutage() == ToolspillConfig.Limits.Shared.Outage.open) {
            return new Decision(Optional.empty(), Source.OPEN, null);
        }
        return new Decision(local.admit(tenant, ask), Source.LOCAL, null);
    }

    private void unreachable(Throwable failure) {
        if (reachable.getAndSet(false)) {
            Log.warnf("The shared limits' Redis (toolspill.limits.shared.url) did not answer within %s (%s): %s until it does",
                    settings.timeout(), failure.getMessage() == null ? "no answer" : failure.getMessage(),
                    settings.onOutage() == ToolspillConfig.Limits.Shared.Outage.open ? "no limits" : "each replica counts alone");
        }
    }

    /** Renews this replica's leases, one script a tenant. */
    private void renew() {
        Map<String, List<String>> byTenant = new java.util.HashMap<>();
        leases.forEach((lease, tenant) -> byTenant.computeIfAbsent(tenant, t -> new java.util.ArrayList<>()).add(lease));
        byTenant.forEach((tenant, held) -> {
            Request request = Request.cmd(Command.EVAL).arg(RENEW).arg(1).arg(PREFIX + "uploads:" + tenant).arg(settings.leaseTtl().toMillis());
            held.forEach(request::arg);
            redis.send(request).subscribe().with(ignored -> { }, this::unreachable);
        });
    }

    @PreDestroy
    void close() {
        if (redis != null && closed.compareAndSet(false, true)) {
            vertx.cancelTimer(renewTimer);
            redis.close();
        }
    }

    private static String script(String resource) {
        try (InputStream in = SharedQuotas.class.getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String format(double rate) {
        return rate == Math.rint(rate) ? Long.toString((long) rate) : Double.toString(rate);
    }

    /** A third of the lease's time to live, at least a second. */
    static Duration renewEvery(Duration ttl) {
        return Duration.ofMillis(Math.max(1000, ttl.toMillis() / 3));
    }
}
