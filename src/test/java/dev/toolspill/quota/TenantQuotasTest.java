package dev.toolspill.quota;

import dev.toolspill.config.ToolspillConfig;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each tenant's shares on clocks the test sets: rate, bytes a UTC day, uploads at once, and per-tenant overrides. */
class TenantQuotasTest {

    final AtomicLong nanos = new AtomicLong();

    static ToolspillConfig.Limits limits(double rate, int burst, long bytesPerDay) {
        return new Limits(16384, Map.of(), rate, burst, bytesPerDay, SharedSettings.OFF);
    }

    /** A record, not an anonymous class: Hibernate Validator binds its interceptor to classes of constrained interfaces. */
    record Limits(int defaultLimit, Map<String, Integer> tools, double requestsPerSecond, int burst, long storedBytesPerDay,
                  Shared shared) implements ToolspillConfig.Limits {
    }

    record SharedSettings(Optional<String> url, java.time.Duration timeout, java.time.Duration leaseTtl, Outage onOutage)
            implements ToolspillConfig.Limits.Shared {
        static final SharedSettings OFF = new SharedSettings(Optional.empty(), java.time.Duration.ofMillis(250), java.time.Duration.ofSeconds(30), Outage.local);
    }

    static ToolspillConfig.Tenant tenant(Double rate, Long bytes) {
        return new ToolspillConfig.Tenant() {
            public Optional<java.util.List<String>> tools() { return Optional.empty(); }
            public Optional<Double> requestsPerSecond() { return Optional.ofNullable(rate); }
            public Optional<Long> storedBytesPerDay() { return Optional.ofNullable(bytes); }
            public Optional<Boolean> redact() { return Optional.empty(); }
            public Map<String, String> redactPatterns() { return Map.of(); }
            public Optional<java.util.List<String>> redactAllow() { return Optional.empty(); }
        };
    }

    static Clock at(String instant) {
        return Clock.fixed(Instant.parse(instant), ZoneOffset.UTC);
    }

    @Test
    void eachTenantHasItsOwnBucketAndAnOverrideReplacesTheRate() {
        var quotas = new TenantQuotas(limits(1, 2, 0), Map.of("big", tenant(100.0, null)), 0, nanos::get, Clock.systemUTC());
        assertTrue(quotas.request("a").isEmpty());
        assertTrue(quotas.request("a").isEmpty());
        Refusal refusal = quotas.request("a").orElseThrow();
        assertEquals(1, refusal.retryAfterSeconds());
        assertTrue(quotas.request("b").isEmpty(), "another tenant is not held back");
        for (int i = 0; i < 100; i++) {
            assertTrue(quotas.request("big").isEmpty(), "the override's burst is its rate: 100");
        }
        nanos.addAndGet(1_000_000_000L);
        assertTrue(quotas.request("a").isEmpty(), "a second later a token is back");
    }

    @Test
    void theDailyBudgetCountsBytesAndStartsAgainAtMidnightUtc() {
        var quotas = new TenantQuotas(limits(0, 0, 1000), Map.of(), 0, nanos::get, at("2026-03-01T23:59:30Z"));
        assertTrue(quotas.store("a", 600).isEmpty());
        quotas.stored("a", 600);
        Refusal refusal = quotas.store("a", 401).orElseThrow();
        assertEquals(30, refusal.retryAfterSeconds(), "until 00:00 UTC");
        assertTrue(quotas.store("a", 400).isEmpty(), "exactly the rest fits");
        quotas.stored("a", 400);
        assertTrue(quotas.store("a", 0).isPresent(), "a spent budget refuses a body of unknown size");
        assertTrue(quotas.request("a").isEmpty(), "the rate is off");

        var nextDay = new TenantQuotas(limits(0, 0, 1000), Map.of(), 0, nanos::get, at("2026-03-02T00:00:01Z"));
        assertTrue(nextDay.store("a", 1000).isEmpty());
    }

    @Test
    void uploadsAtOnceArePerTenantAndGivenBack() {
        var quotas = new TenantQuotas(limits(0, 0, 0), Map.of(), 2, nanos::get, Clock.systemUTC());
        assertTrue(quotas.upload("a").isEmpty());
        assertTrue(quotas.upload("a").isEmpty());
        assertTrue(quotas.upload("a").isPresent());
        assertTrue(quotas.upload("b").isEmpty());
        quotas.uploaded("a");
        assertTrue(quotas.upload("a").isEmpty());
    }
}
