package dev.toolspill.api;

import dev.toolspill.ledger.LedgerEntry;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConsoleCallsTest {

    @Test
    void aFoldKeepsTheNewestCallsWithoutAnswersAndTotalsEveryCall() {
        ConsoleCalls.Fold fold = new ConsoleCalls.Fold(3);
        Instant start = Instant.parse("2026-12-03T10:00:00Z");
        for (int i = 0; i < 1000; i++) { // in no order, as batches are read a few at once
            int n = (i * 7919) % 1000;
            fold.add(LedgerEntry.of("acme", start.plusSeconds(n), "call", n % 2 == 0 ? "even" : "odd", "c" + n, false, "inline",
                    10, 4, null, "answer " + n));
        }
        ConsoleCalls.Page page = fold.page(true, ConsoleResource.ON);
        assertEquals(java.util.List.of("c999", "c998", "c997"), page.calls().stream().map(LedgerEntry::callId).toList(), "the newest, newest first");
        page.calls().forEach(call -> assertNull(call.answer(), "a list carries no answers"));
        assertEquals(1000, page.matched());
        assertEquals(1000, page.total().calls());
        assertEquals(10_000, page.total().toolBytes());
        assertEquals(500, page.totals().stream().filter(t -> t.tool().equals("even")).findFirst().orElseThrow().calls());
        assertTrue(page.partial());
    }
}
