package dev.toolspill.quota;

import dev.toolspill.config.ToolspillConfig;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * Fair shares of one replica, per tenant: requests a second (a token bucket), bytes stored a UTC day, and uploads
 * at once. Kept in this replica's memory only, so with N replicas a tenant gets up to N times each figure. One entry
 * per tenant that made a request: tenants are the configured ones (an identity proved by a configured key) or the
 * single shared one when authentication is off, so the map stays as small as the configuration.
 */
@ApplicationScoped
public class TenantQuotas {

    private final ToolspillConfig.Limits limits;
    private final Map<String, ToolspillConfig.Tenant> own;
    private final int uploadsPerTenant;
    private final LongSupplier nanos;
    private final Clock clock;
    private final Map<String, Tenant> tenants = new ConcurrentHashMap<>();

    @jakarta.inject.Inject
    public TenantQuotas(ToolspillConfig config) {
        this(config.limits(), config.tenants(), config.ingest().maxConcurrentPerTenant(), System::nanoTime, Clock.systemUTC());
    }

    TenantQuotas(ToolspillConfig.Limits limits, Map<String, ToolspillConfig.Tenant> own, int uploadsPerTenant, LongSupplier nanos, Clock clock) {
        this.limits = limits;
        this.own = own;
        this.uploadsPerTenant = uploadsPerTenant;
        this.nanos = nanos;
        this.clock = clock;
    }

    private record Tenant(TokenBucket bucket, DailyBytes stored, AtomicInteger uploads, double rate, int burst, long bytesPerDay) {
    }

    private Tenant tenant(String name) {
        return tenants.computeIfAbsent(name, this::create);
    }

    private Tenant create(String name) {
        var set = Optional.ofNullable(own.get(name));
        double rate = set.flatMap(ToolspillConfig.Tenant::requestsPerSecond).orElse(limits.requestsPerSecond());
        long bytes = set.flatMap(ToolspillConfig.Tenant::storedBytesPerDay).orElse(limits.storedBytesPerDay());
        int burst = Math.max(limits.burst(), (int) Math.ceil(rate)); // never fewer at once than a second brings
        TokenBucket bucket = rate > 0 ? new TokenBucket(rate, burst, nanos.getAsLong()) : null;
        return new Tenant(bucket, new DailyBytes(), new AtomicInteger(), rate, burst, bytes);
    }

    /** A tenant's figures: requests a second (0: no limit), the burst, bytes a day (0: no limit). */
    public record Figures(double rate, int burst, long bytesPerDay) {
    }

    public Figures figures(String name) {
        Tenant tenant = tenant(name);
        return new Figures(tenant.rate(), tenant.burst(), tenant.bytesPerDay());
    }

    /**
     * Everything one request asks of this replica's counts, in order: a token of the tenant's bucket; then, for a
     * request that stores, room in the day's bytes; then, for an upload, one of the tenant's upload slots (end it
     * with {@link #uploaded}).
     */
    public Optional<Refusal> admit(String name, Ask ask) {
        Optional<Refusal> refusal = request(name);
        if (refusal.isEmpty() && ask.kind() != Ask.Kind.REQUEST) {
            refusal = store(name, ask.declaredBytes());
        }
        if (refusal.isEmpty() && ask.kind() == Ask.Kind.UPLOAD) {
            refusal = upload(name, ask.maxUploads());
        }
        return refusal;
    }

    /** A request of this tenant: admitted (and counted), or refused with when to retry. */
    public Optional<Refusal> request(String name) {
        Tenant tenant = tenant(name);
        if (tenant.bucket() == null) {
            return Optional.empty();
        }
        long wait = tenant.bucket().take(nanos.getAsLong());
        if (wait == 0) {
            return Optional.empty();
        }
        return Optional.of(new Refusal("more than " + format(tenant.rate()) + " requests a second from this tenant on this replica "
                + "(toolspill.limits.requests-per-second): retry after the time Retry-After gives", seconds(wait)));
    }

    /** Whether this tenant may store {@code declared} more bytes today (0 when the size is not known in advance). */
    public Optional<Refusal> store(String name, long declared) {
        Tenant tenant = tenant(name);
        if (tenant.bytesPerDay() <= 0) {
            return Optional.empty();
        }
        long used = tenant.stored().used(today());
        if (used < tenant.bytesPerDay() && used + declared <= tenant.bytesPerDay()) {
            return Optional.empty();
        }
        return Optional.of(new Refusal("this tenant stored " + used + " of its " + tenant.bytesPerDay() + " bytes a day on this replica "
                + "(toolspill.limits.stored-bytes-per-day)" + (declared > 0 ? " and this body has " + declared : "")
                + ": the budget starts again at 00:00 UTC", untilMidnight()));
    }

    /** The name limits are kept under: the tenant, or the one shared tenant {@code anonymous} with authentication off. */
    public static String nameOf(String tenant) {
        return tenant == null ? "anonymous" : tenant;
    }

    /** Counts bytes this tenant stored. */
    public void stored(String name, long bytes) {
        if (bytes > 0) {
            tenant(name).stored().add(today(), bytes);
        }
    }

    /** One more upload of this tenant at once, or a refusal when it has {@code max-concurrent-per-tenant} already. */
    public Optional<Refusal> upload(String name) {
        return upload(name, uploadsPerTenant);
    }

    /**
     * One more upload of this tenant at once, or a refusal when it has {@code max} already (0: no cap of its own);
     * end an admitted one with {@link #uploaded}.
     */
    public Optional<Refusal> upload(String name, int max) {
        AtomicInteger uploads = tenant(name).uploads();
        if (uploads.incrementAndGet() <= max || max <= 0) {
            return Optional.empty();
        }
        uploads.decrementAndGet();
        return Optional.of(new Refusal("this tenant sends " + max + " outputs to this replica already (its share of the "
                + "replica's upload slots: toolspill.ingest.tenant-share, or toolspill.ingest.max-concurrent-per-tenant): "
                + "retry when one has finished", 1));
    }

    /** Ends an upload {@link #upload} admitted. */
    public void uploaded(String name) {
        tenant(name).uploads().decrementAndGet();
    }

    long today() {
        return LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC).toEpochDay();
    }

    long secondsUntilMidnight() {
        return untilMidnight();
    }

    private long untilMidnight() {
        Instant now = clock.instant();
        Instant midnight = LocalDate.ofInstant(now, ZoneOffset.UTC).plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        return Math.max(1, seconds(Duration.between(now, midnight).toNanos()));
    }

    private static long seconds(long nanos) {
        return Math.max(1, (nanos + 999_999_999L) / 1_000_000_000L);
    }

    private static String format(double rate) {
        return rate == Math.rint(rate) ? Long.toString((long) rate) : Double.toString(rate);
    }
}
