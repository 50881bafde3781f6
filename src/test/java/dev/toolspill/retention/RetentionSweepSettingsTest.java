package dev.toolspill.retention;

import dev.toolspill.blob.NoBlobStore;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A store with nothing in it sweeps to nothing (settings a sweep cannot honour are refused by the config mapping: ConfigBoundsTest). */
class RetentionSweepSettingsTest {

    @Test
    void withoutAStoreASweepRemovesNothing() {
        RetentionSweep sweep = new RetentionSweep(NoBlobStore.INSTANCE, NoBlobStore.INSTANCE::delete, Optional.of(Duration.ofSeconds(30)),
                Duration.ofHours(1), 4);
        assertEquals(new RetentionSweep.Result(0, 0), sweep.run(java.time.Instant.now()).await().atMost(Duration.ofSeconds(5)));
    }
}
