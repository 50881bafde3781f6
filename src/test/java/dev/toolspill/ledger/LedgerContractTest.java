package dev.toolspill.ledger;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.Journal;
import dev.toolspill.history.Admitted;
import dev.toolspill.history.StoredBlob;
import dev.toolspill.scan.BlobKind;
import dev.toolspill.metrics.Telemetry;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The call ledger over a real store (the subclass's): entries recorded are written in one batch per tenant and hour,
 * read back by tenant and time range exactly as recorded (with their tokens), found by id by their tenant only, and
 * removed by whole hours.
 */
abstract class LedgerContractTest {

    static final Instant NOW = Instant.parse("2026-12-03T10:15:00Z");
    static final ObjectMapper MAPPER = new ObjectMapper().findAndRegisterModules().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
    static final Duration WAIT = Duration.ofSeconds(10);

    /** A store of the subclass's kind, empty. */
    protected abstract Journal journal();

    /** The keys the store holds under {@code ledger/}, asked of it directly. */
    protected abstract List<String> keys();

    private final java.util.concurrent.atomic.AtomicLong dropped = new java.util.concurrent.atomic.AtomicLong();
    private final Telemetry telemetry = new Telemetry() {
        @Override
        public void ledgerDropped(long entries) {
            dropped.addAndGet(entries);
        }
    };

    Ledger ledger(Journal journal, long maxPending) {
        return new Ledger(journal, true, Duration.ofSeconds(2), 1 << 20, maxPending, Clock.fixed(NOW, ZoneOffset.UTC), telemetry);
    }

    static LedgerEntry inline(String tenant, Instant at, String tool, String answer) {
        return new Admitted(answer, null, null).entry(tenant, at, LedgerEntry.CALL, tool, "call-" + tool, false);
    }

    static LedgerEntry stored(String tenant, Instant at, String summary, long bytes) {
        StoredBlob blob = new StoredBlob(BlobId.at(at), BlobKind.TEXT, bytes, 10L);
        return new Admitted(summary, blob, null).entry(tenant, at, LedgerEntry.CALL, "search", "call-s", false);
    }

    @Test
    void entriesComeBackByTenantAndTimeRangeAsTheModelReceivedThem() {
        Journal journal = journal();
        Ledger ledger = ledger(journal, 1 << 20);
        LedgerReads reads = new LedgerReads(journal, MAPPER, Duration.ofMillis(400));
        LedgerEntry small = inline("team-a", NOW, "echo", "hello <b>world</b> \"quoted\"\n");
        LedgerEntry big = stored("team-a", NOW.plusSeconds(1), "[blob:x] 4000 lines of search results", 120_000);
        LedgerEntry earlier = inline("team-a", NOW.minus(Duration.ofHours(3)), "echo", "three hours ago");
        LedgerEntry other = inline("team-b", NOW, "echo", "team b's secret");
        List.of(small, big, earlier, other).forEach(ledger::record);

        assertEquals(3L, ledger.flush().await().atMost(WAIT), "one batch per tenant and hour");
        assertEquals(3, keys().size(), keys().toString());

        List<LedgerEntry> recent = reads.between("team-a", false, NOW.minus(Duration.ofHours(1)), NOW.plusSeconds(60)).collect().asList()
                .await().atMost(WAIT).stream().sorted(Comparator.comparing(LedgerEntry::at)).toList();
        assertEquals(List.of(small.id(), big.id()), recent.stream().map(LedgerEntry::id).toList());
        LedgerEntry read = recent.get(0);
        assertEquals(small.answer(), read.answer(), "the exact answer");
        assertEquals("inline", read.disposition());
        assertEquals(read.historyBytes(), read.toolBytes());
        assertTrue(read.historyTokens() > 3, "tokens are counted: " + read.historyTokens());
        LedgerEntry kept = recent.get(1);
        assertEquals("stored", kept.disposition());
        assertEquals(120_000, kept.toolBytes());
        assertEquals(big.blobId(), kept.blobId());
        assertEquals(120_000 - kept.historyBytes(), kept.keptOutBytes());

        assertEquals(4, reads.between(null, true, NOW.minus(Duration.ofHours(4)), NOW.plusSeconds(60)).collect().asList().await().atMost(WAIT).size(),
                "every tenant's, for an operator");
        assertEquals(earlier.answer(), reads.find("team-a", false, earlier.id()).await().atMost(WAIT).orElseThrow().answer());
        assertTrue(reads.find("team-b", false, small.id()).await().atMost(WAIT).isEmpty(), "another tenant's entry is not found");
        assertTrue(reads.find("team-a", false, "not-an-id").await().atMost(WAIT).isEmpty());
    }

    /** Third attack: in a busy hour, a list of a narrow range read the hour's newest batches and found nothing. */
    @Test
    void aNarrowRangeInABusyHourReadsTheBatchesWrittenJustAfterItFirst() {
        Journal journal = journal();
        Instant start = NOW.plusSeconds(60);
        List<String> written = new java.util.ArrayList<>();
        for (int n = 0; n < 40; n++) { // a batch every 200 ms, with an entry made 100 ms before it was written
            String key = LedgerLayout.batch("team-a", start, start.plusMillis(200L * n).toEpochMilli(), "r1", n);
            journal.write(key, "{\"id\":\"1-a\"}\n".getBytes(java.nio.charset.StandardCharsets.UTF_8)).await().atMost(WAIT);
            written.add(key);
        }
        Instant made = start.plusMillis(200L * 5 - 100); // the entry of batch 5
        List<String> order = new LedgerReads(journal, MAPPER, Duration.ofMillis(400)).batches("team-a", false, made, made.plusMillis(1))
                .await().atMost(WAIT);
        assertEquals(List.of(written.get(6), written.get(5)), order.subList(0, 2),
                "written by the end of the range plus two flush intervals (400 ms), newest first");
        assertEquals(List.of(written.get(7), written.get(8)), order.subList(2, 4), "then the later ones, oldest first");
        assertEquals(35, order.size(), "those written before the range began hold none of it: " + order.get(order.size() - 1));
    }

    @Test
    void wholeHoursOlderThanTheCutoffAreRemoved() {
        Journal journal = journal();
        Ledger ledger = ledger(journal, 1 << 20);
        LedgerReads reads = new LedgerReads(journal, MAPPER, Duration.ofMillis(400));
        ledger.record(inline("team-a", NOW.minus(Duration.ofHours(5)), "echo", "old"));
        ledger.record(inline("team-a", NOW.minus(Duration.ofMinutes(90)), "echo", "last hour but one"));
        ledger.record(inline("team-a", NOW, "echo", "now"));
        ledger.flush().await().atMost(WAIT);

        assertEquals(2L, reads.removeBefore(NOW.minus(Duration.ofMinutes(45))).await().atMost(WAIT),
                "the hours that ended before 09:30 (08:00-09:00 ended at 09:00; 09:00-10:00 had not)");
        assertEquals(1, keys().size());
        assertEquals("now", reads.between("team-a", false, NOW.minus(Duration.ofDays(1)), NOW.plusSeconds(1)).collect().asList()
                .await().atMost(WAIT).get(0).answer());
    }

    @Test
    void entriesPastTheMemoryBoundAreDroppedAndCounted() {
        Journal journal = journal();
        Ledger ledger = ledger(journal, 2048);
        for (int i = 0; i < 10; i++) {
            ledger.record(inline("team-a", NOW, "echo", "x".repeat(200)));
        }
        ledger.flush().await().atMost(WAIT);

        long dropped = this.dropped.get();
        long kept = new LedgerReads(journal, MAPPER, Duration.ofMillis(400)).between("team-a", false, NOW, NOW.plusSeconds(1)).collect().asList().await().atMost(WAIT).size();
        assertTrue(dropped > 0 && kept > 0, "some kept, the rest dropped: " + kept + " kept, " + dropped + " dropped");
        assertEquals(10, kept + dropped);
    }

    @Test
    void entriesRecordedOnManyThreadsAtOnceMakeOneBatchPerTenantAndHour() throws Exception {
        Journal journal = journal();
        Ledger ledger = ledger(journal, 1 << 24);
        java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            for (int t = 0; t < 4; t++) {
                int thread = t;
                threads.submit(() -> {
                    for (int i = 0; i < 250; i++) {
                        ledger.record(inline(i % 2 == 0 ? "team-a" : "team-b", NOW.plusMillis(i), "echo", "thread " + thread + " call " + i));
                    }
                });
            }
        } finally {
            threads.shutdown();
            assertTrue(threads.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS));
        }

        assertEquals(2L, ledger.flush().await().atMost(WAIT), "one batch per tenant and hour, whatever the threads");
        LedgerReads reads = new LedgerReads(journal, MAPPER, Duration.ofMillis(400));
        List<LedgerEntry> teamA = reads.between("team-a", false, NOW, NOW.plusSeconds(1)).collect().asList().await().atMost(WAIT);
        assertEquals(500, teamA.size());
        assertEquals(500, teamA.stream().map(LedgerEntry::answer).distinct().count(), "each entry once");
        assertEquals(0, dropped.get());
    }

    @Test
    void anErrorIsRecordedAsAnError() {
        LedgerEntry error = new Admitted("unknown tool 'nope'", null, null).entry("t", NOW, LedgerEntry.CALL, "nope", "1", true);
        assertEquals("error", error.status());
        assertEquals("error", error.disposition());
        assertNull(error.blobId());
        assertEquals(NOW.toEpochMilli(), LedgerEntry.millisOf(error.id()));
    }
}
