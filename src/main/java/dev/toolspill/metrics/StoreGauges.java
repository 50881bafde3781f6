package dev.toolspill.metrics;

import java.time.Duration;
import java.util.Optional;

/**
 * The state of the store and of the local spool, read when metrics are scraped. A bean that implements it is
 * published as gauges ({@code toolspill_store_well}, {@code toolspill_spool_bytes}, {@code toolspill_spool_oldest_seconds});
 * without one, none of them is published. Each value is empty while it is unknown (no spool configured, no check made yet).
 */
public interface StoreGauges {

    /** Whether the shared store answered its last check: what alerts watch (readiness does not). */
    default Optional<Boolean> storeWell() {
        return Optional.empty();
    }

    /** Bytes held in the local spool, waiting for the store. */
    default Optional<Long> spoolBytes() {
        return Optional.empty();
    }

    /** Age of the oldest spooled output; zero when the spool is empty. */
    default Optional<Duration> oldestSpooled() {
        return Optional.empty();
    }
}
