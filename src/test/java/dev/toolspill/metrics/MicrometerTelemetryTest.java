package dev.toolspill.metrics;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.smallrye.mutiny.Uni;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MicrometerTelemetryTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    private MicrometerTelemetry telemetry(int maxTools, List<StoreGauges> gauges) {
        return new MicrometerTelemetry(registry, OpenTelemetry.noop().getTracer("test"), maxTools, gauges);
    }

    @Test
    void toolNamesPastTheCapCountAsOther() {
        MicrometerTelemetry telemetry = telemetry(2, List.of());
        telemetry.output("a", "inline", 10, 0);
        telemetry.output("b", "stored", 300, 5000);
        telemetry.output("c", "stored", 300, 7000);
        telemetry.output("a", "truncated", 100, 50);

        assertEquals(1, registry.get("toolspill.outputs").tag("tool", "a").tag("disposition", "inline").counter().count());
        assertEquals(1, registry.get("toolspill.outputs").tag("tool", "a").tag("disposition", "truncated").counter().count());
        assertEquals(1, registry.get("toolspill.outputs").tag("tool", MicrometerTelemetry.OTHER_TOOL).counter().count());
        assertEquals(7000, registry.get("toolspill.history.kept.out.bytes").tag("tool", MicrometerTelemetry.OTHER_TOOL).counter().count());
        assertTrue(registry.find("toolspill.outputs").tag("tool", "c").counters().isEmpty(), "c is past the cap of 2 names");
    }

    @Test
    void storeGaugesArePublishedOnlyWhenABeanReportsThem() {
        telemetry(10, List.of());
        assertTrue(registry.find("toolspill.store.well").gauges().isEmpty());

        StoreGauges well = new StoreGauges() {
            @Override
            public Optional<Boolean> storeWell() {
                return Optional.of(false);
            }
        };
        StoreGauges spool = new StoreGauges() {
            @Override
            public Optional<Long> spoolBytes() {
                return Optional.of(4096L);
            }

            @Override
            public Optional<Duration> oldestSpooled() {
                return Optional.of(Duration.ofSeconds(90));
            }
        };
        SimpleMeterRegistry other = new SimpleMeterRegistry();
        new MicrometerTelemetry(other, OpenTelemetry.noop().getTracer("test"), 10, List.of(well, spool));
        assertEquals(0.0, other.get("toolspill.store.well").gauge().value());
        assertEquals(4096.0, other.get("toolspill.spool.bytes").gauge().value());
        assertEquals(90.0, other.get("toolspill.spool.oldest.seconds").gauge().value());
    }

    @Test
    void storeGaugesKeepReadingAfterAGarbageCollection() {
        StoreGauges well = new StoreGauges() {
            @Override
            public Optional<Boolean> storeWell() {
                return Optional.of(true);
            }
        };
        telemetry(10, new java.util.ArrayList<>(List.of(well))); // the list is held by nothing but the gauges
        System.gc();
        assertEquals(1.0, registry.get("toolspill.store.well").gauge().value(), "a gauge that lost its state reads NaN");
    }

    @Test
    void eachUpstreamServerHasASeriesThatFollowsItsTools() {
        java.util.Map<String, Integer> tools = new java.util.concurrent.ConcurrentHashMap<>(java.util.Map.of("github", 12, "search", 0));
        telemetry(10, List.of()).upstreamGauges(() -> tools);
        assertEquals(12.0, registry.get("toolspill.mcp.upstream.tools").tag("server", "github").gauge().value());
        assertEquals(0.0, registry.get("toolspill.mcp.upstream.tools").tag("server", "search").gauge().value());
        tools.put("github", 0); // it can no longer be reached
        assertEquals(0.0, registry.get("toolspill.mcp.upstream.tools").tag("server", "github").gauge().value());
    }

    @Test
    void aFailedStoreCallIsAnErrorUnlessTheCallerSaysItIsAnAnswer() {
        MicrometerTelemetry telemetry = telemetry(10, List.of());
        Uni<String> missing = telemetry.storeCall("get", () -> Uni.createFrom().failure(new IllegalStateException("no such blob")),
                failure -> false);
        Uni<String> broken = telemetry.storeCall("get", () -> Uni.createFrom().failure(new IllegalStateException("refused")),
                failure -> true);
        assertThrows(IllegalStateException.class, () -> missing.await().indefinitely());
        assertThrows(IllegalStateException.class, () -> broken.await().indefinitely());

        assertEquals(2, registry.get("toolspill.store.latency").tag("operation", "get").timer().count());
        assertEquals(1, registry.get("toolspill.store.errors").tag("operation", "get").counter().count());
    }

    @Test
    void uploadsInFlightFollowStartsAndEnds() {
        MicrometerTelemetry telemetry = telemetry(10, List.of());
        telemetry.uploadStarted();
        telemetry.uploadStarted();
        telemetry.uploadEnded();
        assertEquals(1.0, registry.get("toolspill.uploads.in.flight").gauge().value());
    }
}
