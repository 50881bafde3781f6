package dev.toolspill.ledger;

import dev.toolspill.TestVertx;
import dev.toolspill.blob.fs.FsJournal;
import dev.toolspill.history.Admitted;
import dev.toolspill.metrics.Telemetry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

/**
 * Not a test: a measurement for src/bench/BENCHMARKS.md, run only on request
 * ({@code ./mvnw -q -o test -Dtest=LedgerCostProbe -Dledger.cost=true}): the process CPU time per ledger entry,
 * recorded and written in batches of a thousand to a filesystem journal, as the inline bench row's 296-byte answers.
 * It prints the figure of each of four rounds (the first warms the JIT up) and asserts nothing.
 */
@EnabledIfSystemProperty(named = "ledger.cost", matches = "true")
class LedgerCostProbe {
    @TempDir Path root;

    @Test
    void cpuPerEntry() {
        String body = "2026-11-29T10:00:00Z INFO build step 'compile' finished: 184 sources compiled, 0 warnings, 3 notes. Cache hits 172/184 (93%), wall 4.21 s, cpu 7.80 s. Artifacts: target/classes (2.1 MB). Next step: 'test' (412 tests in 38 classes). Environment: java 17, maven 3.9.9, 2 cpus, 4 GiB heap limit; ok.";
        var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        for (int round = 0; round < 4; round++) {
            Ledger ledger = new Ledger(new FsJournal(root, TestVertx.VERTX), true, Duration.ofSeconds(2), 1 << 20, 64 << 20, Clock.systemUTC(),
                    Telemetry.NONE);
            int n = 100_000;
            long cpu0 = os.getProcessCpuTime();
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                ledger.record(new Admitted(body, null, null).entry("bench", ledger.now(), LedgerEntry.CALL, "bench", null, false));
                if (i % 1000 == 999) ledger.flush().await().indefinitely();
            }
            ledger.flush().await().indefinitely();
            long cpu1 = os.getProcessCpuTime();
            System.out.printf("round %d: %.2f us CPU per entry, %.2f us wall%n", round, (cpu1 - cpu0) / 1000.0 / n, (System.nanoTime() - t0) / 1000.0 / n);
        }
    }
}
