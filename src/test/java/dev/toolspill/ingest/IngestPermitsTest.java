package dev.toolspill.ingest;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Admitted bodies never hold every worker thread: the store's answers need free workers to arrive. */
class IngestPermitsTest {

    @Test
    void theDefaultBudgetFitsTheDefaultWorkerPool() {
        assertDoesNotThrow(() -> IngestPermits.fitsWorkers(32, 200));
    }

    @Test
    void moreBodiesThanThreeQuartersOfTheWorkersFailStartUpAndSayWhatWouldFit() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> IngestPermits.fitsWorkers(256, 200));
        assertTrue(refused.getMessage().contains("quarkus.thread-pool.max-threads to at least 342"), refused.getMessage());
        assertDoesNotThrow(() -> IngestPermits.fitsWorkers(256, 342), "what the message asks for is enough");
        assertDoesNotThrow(() -> IngestPermits.fitsWorkers(150, 200));
        assertThrows(IllegalArgumentException.class, () -> IngestPermits.fitsWorkers(151, 200));
    }
}
