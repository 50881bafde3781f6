package dev.toolspill.quota;

import dev.toolspill.ParallelSafe;
import dev.toolspill.TestPorts;
import dev.toolspill.config.ToolspillConfig;
import io.vertx.mutiny.core.Vertx;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import redis.embedded.RedisServer;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Replicas that share one Redis (a real redis-server, started here) share each tenant's limits: the request bucket,
 * the day's bytes and the upload slots hold across them, a dead replica's uploads free their slots within the lease's
 * time to live, and with Redis gone each decision falls back as configured, never failing.
 */
@ParallelSafe
@ResourceLock("the Redis of SharedQuotasTest") // held by the class: its methods run one after another, as one stops Redis
class SharedQuotasTest {

    static final Duration LEASE_TTL = Duration.ofSeconds(3); // the shortest allowed

    static RedisServer redis;
    static int port;
    static Vertx vertx;
    final List<SharedQuotas> replicas = new ArrayList<>();

    @BeforeAll
    static void startRedis() throws IOException {
        port = TestPorts.free();
        redis = RedisServer.newRedisServer().bind("127.0.0.1").port(port).setting("save \"\"").setting("appendonly no").build();
        redis.start();
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stopRedis() throws IOException {
        vertx.closeAndAwait();
        if (redis.isActive()) {
            redis.stop();
        }
    }

    @AfterEach
    void closeReplicas() {
        replicas.forEach(SharedQuotas::close);
    }

    /** A replica: its own counts (rate, burst, bytes a day) and the shared Redis. */
    SharedQuotas replica(double rate, long bytesPerDay, ToolspillConfig.Limits.Shared.Outage onOutage) {
        var limits = TenantQuotasTest.limits(rate, 0, bytesPerDay);
        var local = new TenantQuotas(limits, Map.of(), 0, System::nanoTime, Clock.systemUTC());
        var settings = new TenantQuotasTest.SharedSettings(Optional.of("redis://127.0.0.1:" + port), Duration.ofSeconds(2), LEASE_TTL, onOutage);
        SharedQuotas replica = new SharedQuotas(local, settings, vertx);
        replicas.add(replica);
        return replica;
    }

    SharedQuotas replica(double rate, long bytesPerDay) {
        return replica(rate, bytesPerDay, ToolspillConfig.Limits.Shared.Outage.local);
    }

    static SharedQuotas.Decision decide(SharedQuotas replica, String tenant, Ask ask) {
        return replica.admit(tenant, ask).await().atMost(Duration.ofSeconds(10));
    }

    @Test
    void aTenantsRequestsASecondHoldAcrossReplicas() {
        SharedQuotas a = replica(5, 0);
        SharedQuotas b = replica(5, 0);
        int admitted = 0;
        for (int i = 0; i < 20; i++) {
            SharedQuotas.Decision decision = decide(i % 2 == 0 ? a : b, "rate-tenant", Ask.REQUEST);
            assertEquals(SharedQuotas.Source.SHARED, decision.source());
            admitted += decision.refusal().isEmpty() ? 1 : 0;
        }
        // a burst of 5 (a second's worth), and what refills while 20 quick decisions run; each replica alone would admit 10
        assertTrue(admitted >= 5 && admitted <= 7, "admitted " + admitted + " of 20 at 5 a second across two replicas");
        Refusal refusal = decide(a, "rate-tenant", Ask.REQUEST).refusal().orElseThrow();
        assertTrue(refusal.detail().contains("across all replicas") && refusal.retryAfterSeconds() >= 1, refusal.toString());
        assertTrue(decide(b, "other-tenant", Ask.REQUEST).refusal().isEmpty(), "another tenant has a bucket of its own");
    }

    @Test
    void theDaysBytesAreCountedForEveryReplica() {
        SharedQuotas a = replica(0, 1000);
        SharedQuotas b = replica(0, 1000);
        a.stored("bytes-tenant", 600);
        await().atMost(Duration.ofSeconds(10)).until(() -> decide(b, "bytes-tenant", Ask.upload(500, 0)).refusal().isPresent());
        Refusal refusal = decide(b, "bytes-tenant", Ask.upload(500, 0)).refusal().orElseThrow();
        assertTrue(refusal.detail().contains("stored 600 of its 1000 bytes a day across all replicas"), refusal.detail());
        SharedQuotas.Decision fits = decide(b, "bytes-tenant", Ask.upload(400, 0));
        assertTrue(fits.refusal().isEmpty(), "400 more fit");
        b.uploaded("bytes-tenant", fits);
        assertTrue(decide(a, "bytes-tenant", Ask.REQUEST).refusal().isEmpty(), "a request that stores nothing is not counted in bytes");
    }

    @Test
    void aDeadReplicasUploadsFreeTheirSlotsWithinTheLeaseAndALiveOnesAreKept() {
        SharedQuotas live = replica(0, 0);
        SharedQuotas dying = replica(0, 0);
        SharedQuotas other = replica(0, 0);
        SharedQuotas.Decision kept = decide(live, "lease-tenant", Ask.upload(0, 2));
        SharedQuotas.Decision lost = decide(dying, "lease-tenant", Ask.upload(0, 2));
        assertTrue(kept.refusal().isEmpty() && lost.refusal().isEmpty());
        Refusal third = decide(other, "lease-tenant", Ask.upload(0, 2)).refusal().orElseThrow();
        assertTrue(third.detail().contains("2 outputs at once already across all replicas"), third.detail());

        dying.close(); // killed: it renews nothing and gives nothing back
        SharedQuotas.Decision freed = await().atMost(LEASE_TTL.multipliedBy(3)).pollInterval(Duration.ofMillis(200))
                .until(() -> decide(other, "lease-tenant", Ask.upload(0, 2)), decision -> decision.refusal().isEmpty());
        // the live replica's lease, renewed every second, still holds a slot: with freed, the two are taken
        assertTrue(decide(other, "lease-tenant", Ask.upload(0, 2)).refusal().isPresent(), "the live replica's upload keeps its slot");
        live.uploaded("lease-tenant", kept);
        other.uploaded("lease-tenant", freed);
        assertTrue(decide(other, "lease-tenant", Ask.upload(0, 2)).refusal().isEmpty(), "a finished upload gives its slot back at once");
    }

    @Test
    void anUploadDecidedLocallyAfterATimeoutLeavesNoSlotTakenInRedis() {
        // a timeout so short that Redis answers after it: the decision is local, and Redis still runs the script; its
        // slot leases live two minutes, so a slot freed within one was removed by the late answers, not expired
        Duration longLease = Duration.ofMinutes(2);
        var hasty = new SharedQuotas(new TenantQuotas(TenantQuotasTest.limits(0, 0, 0), Map.of(), 0, System::nanoTime, Clock.systemUTC()),
                new TenantQuotasTest.SharedSettings(Optional.of("redis://127.0.0.1:" + port), Duration.ofNanos(1), longLease,
                        ToolspillConfig.Limits.Shared.Outage.local), vertx);
        replicas.add(hasty);
        SharedQuotas patient = replica(0, 0);
        int local = 0;
        for (int i = 0; i < 100 && local < 5; i++) {
            SharedQuotas.Decision late = decide(hasty, "late-tenant", Ask.upload(0, 1));
            local += late.source() == SharedQuotas.Source.LOCAL ? 1 : 0;
            hasty.uploaded("late-tenant", late); // ends it as this replica knows it: locally, or its lease when Redis decided
        }
        assertEquals(5, local, "decisions made locally, past the timeout");
        // within half the lease's life: the late answers removed what the script added, not its expiry
        SharedQuotas.Decision next = await().atMost(longLease.dividedBy(2)).pollInterval(Duration.ofMillis(50))
                .until(() -> decide(patient, "late-tenant", Ask.upload(0, 1)), decision -> decision.refusal().isEmpty());
        assertEquals(SharedQuotas.Source.SHARED, next.source());
    }

    @Test
    void oneReplicaAtATimeHoldsALeaseUntilItExpires() {
        SharedQuotas a = replica(0, 0);
        SharedQuotas b = replica(0, 0);
        Duration ttl = Duration.ofSeconds(2);
        assertTrue(a.lease("sweep-test", ttl).await().atMost(Duration.ofSeconds(10)), "the first replica takes it");
        assertTrue(!b.lease("sweep-test", ttl).await().atMost(Duration.ofSeconds(10)), "the other does not, while it is held");
        assertTrue(b.lease("other-work", ttl).await().atMost(Duration.ofSeconds(10)), "another piece of work has a lease of its own");
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(200))
                .until(() -> b.lease("sweep-test", ttl).await().atMost(Duration.ofSeconds(10)));
    }

    @Test
    void withoutRedisEveryReplicaMayDoTheWork() {
        var limits = TenantQuotasTest.limits(0, 0, 0);
        SharedQuotas alone = new SharedQuotas(new TenantQuotas(limits, Map.of(), 0, System::nanoTime, Clock.systemUTC()),
                TenantQuotasTest.SharedSettings.OFF, vertx);
        assertTrue(alone.lease("sweep-test", Duration.ofSeconds(2)).await().atMost(Duration.ofSeconds(10)));
        assertTrue(alone.lease("sweep-test", Duration.ofSeconds(2)).await().atMost(Duration.ofSeconds(10)));
    }

    @Test
    void withRedisGoneEachDecisionFallsBackAsConfiguredAndNeverFails() throws IOException {
        SharedQuotas local = replica(1, 0);
        SharedQuotas open = replica(1, 0, ToolspillConfig.Limits.Shared.Outage.open);
        assertEquals(SharedQuotas.Source.SHARED, decide(local, "outage-tenant", Ask.REQUEST).source());
        redis.stop();
        try {
            SharedQuotas.Decision first = decide(local, "outage-tenant", Ask.REQUEST);
            SharedQuotas.Decision second = decide(local, "outage-tenant", Ask.REQUEST);
            assertEquals(SharedQuotas.Source.LOCAL, first.source());
            assertTrue(first.refusal().isEmpty() && second.refusal().isPresent(), "this replica's own bucket of 1 a second decides");
            assertTrue(second.refusal().get().detail().contains("on this replica"), second.refusal().get().detail());
            SharedQuotas.Decision anything = decide(open, "outage-tenant", Ask.upload(10, 1));
            assertEquals(SharedQuotas.Source.OPEN, anything.source());
            assertTrue(anything.refusal().isEmpty(), "open: no limits while Redis is gone");
            assertTrue(local.lease("sweep-outage", Duration.ofSeconds(2)).await().atMost(Duration.ofSeconds(10)),
                    "with Redis gone every replica may sweep (a sweep is safe at once)");
        } finally {
            redis.start();
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> decide(local, "outage-tenant-2", Ask.REQUEST).source() == SharedQuotas.Source.SHARED);
    }
}
