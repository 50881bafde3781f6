package dev.toolspill.retention;

import dev.toolspill.blob.NoBlobStore;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Settings a sweep cannot honour are refused with the key named; a store with nothing in it sweeps to nothing. */
class RetentionSweepSettingsTest {

    private static String refusal(Optional<Duration> maxAge, Duration unfinishedMaxAge, int concurrency) {
        return assertThrows(IllegalArgumentException.class, () -> new RetentionSweep(NoBlobStore.INSTANCE, NoBlobStore.INSTANCE::delete,
                maxAge, unfinishedMaxAge, concurrency)).getMessage();
    }

    @Test
    void settingsThatCannotWorkAreRefusedWithTheirKey() {
        assertTrue(refusal(Optional.of(Duration.ZERO), Duration.ofHours(1), 4).contains("toolspill.retention.max-age"));
        assertTrue(refusal(Optional.of(Duration.ofSeconds(-5)), Duration.ofHours(1), 4).contains("toolspill.retention.max-age"));
        assertTrue(refusal(Optional.empty(), Duration.ZERO, 4).contains("toolspill.retention.unfinished-max-age"));
        assertTrue(refusal(Optional.empty(), Duration.ofHours(1), 0).contains("toolspill.retention.concurrency"));
    }

    @Test
    void withoutAStoreASweepRemovesNothing() {
        RetentionSweep sweep = new RetentionSweep(NoBlobStore.INSTANCE, NoBlobStore.INSTANCE::delete, Optional.of(Duration.ofSeconds(30)),
                Duration.ofHours(1), 4);
        assertEquals(new RetentionSweep.Result(0, 0), sweep.run(java.time.Instant.now()).await().atMost(Duration.ofSeconds(5)));
    }
}
