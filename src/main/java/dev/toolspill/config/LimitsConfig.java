package dev.toolspill.config;

import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import jakarta.validation.constraints.Min;
import org.hibernate.validator.constraints.time.DurationMin;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** {@code toolspill.limits.*}: what one result may put into history, and each tenant's figures. Nested in {@link ToolspillConfig} as {@code ToolspillConfig.Limits}, which extends it (kept here for size). */
public interface LimitsConfig {
    /** Byte cap on what one result may put into history, for every tool without an override. */
    @WithName("default")
    @WithDefault("16384")
    @Min(value = 128, message = LIMIT_TOO_SMALL)
    int defaultLimit();

    /** Per-tool overrides, keyed by tool name: {@code toolspill.limits.tools."my-tool"=4096}. */
    Map<String, @Min(value = 128, message = LIMIT_TOO_SMALL) Integer> tools();

    /** What start-up says of a limit under 128 bytes, HistoryLimit.MIN_LIMIT (the key and the value come with it). */
    String LIMIT_TOO_SMALL = "is too small: a limit must be at least {value} bytes, so that the truncation marker"
            + " and some content fit (was ${validatedValue})";

    /** Requests a second each tenant may make to this replica (a token bucket; past it 429 with Retry-After); 0: no limit. */
    @WithDefault("0")
    double requestsPerSecond();
    /** Requests a tenant may make at once after a quiet spell; at least a second's worth of its rate. */
    @WithDefault("0")
    int burst();
    /** Bytes each tenant may store through this replica a UTC day (bodies of POST /v1/tool-outputs; 429 past it); 0: no limit. */
    @WithDefault("0")
    long storedBytesPerDay();
    /** Where the figures above are counted: this replica alone, or one Redis for every replica. */
    Shared shared();

    interface Shared {
        /**
         * A Redis (any Redis-compatible server) that holds each tenant's request bucket, bytes of the day and upload
         * leases for all replicas, e.g. {@code redis://redis:6379}; unset: each replica counts alone.
         */
        Optional<String> url();

        /** Longest a decision may wait for Redis; past it (or with Redis down) {@code on-outage} decides. */
        @WithDefault("250ms")
        @DurationMin(nanos = 0, inclusive = false, message = Bounds.LONGER_THAN_0)
        Duration timeout();

        /** How long an upload's lease outlives its replica: a replica renews its leases every third of it. */
        @WithDefault("30s")
        @DurationMin(seconds = 3, message = "must be at least 3s, so that renewals every third of it keep up (was ${validatedValue})")
        Duration leaseTtl();

        /** With Redis unreachable: {@code local}, each replica counts alone (as with no Redis); {@code open}, no limits. */
        @WithDefault("local")
        Outage onOutage();

        enum Outage { local, open }
    }
}
