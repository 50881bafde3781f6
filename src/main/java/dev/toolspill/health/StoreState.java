package dev.toolspill.health;

import dev.toolspill.blob.Outage;
import dev.toolspill.metrics.StoreGauges;
import io.smallrye.health.api.Wellness;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/** The store's wellness and this replica's spool as gauges: what alerts watch, since readiness stays UP in an outage. */
@ApplicationScoped
public class StoreState implements StoreGauges {

    private final StoreWellness wellness;
    private final Outage outage;
    private final Clock clock;

    @Inject // two constructors: without it, this is no bean at all, and the gauges are never published
    public StoreState(@Wellness StoreWellness wellness, Outage outage) {
        this(wellness, outage, Clock.systemUTC());
    }

    StoreState(StoreWellness wellness, Outage outage, Clock clock) {
        this.wellness = wellness;
        this.outage = outage;
        this.clock = clock;
    }

    @Override
    public Optional<Boolean> storeWell() {
        return Optional.of(wellness.isWell());
    }

    @Override
    public Optional<Long> spoolBytes() {
        return Optional.of(outage.bytes());
    }

    @Override
    public Optional<Duration> oldestSpooled() {
        return Optional.of(outage.oldest().map(since -> Duration.between(since, clock.instant())).orElse(Duration.ZERO));
    }
}
