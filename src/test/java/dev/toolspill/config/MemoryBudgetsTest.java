package dev.toolspill.config;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.smallrye.config.validator.BeanValidationConfigValidatorImpl;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The memory budgets together must leave a quarter of the heap to the rest of the service: the app refuses to start
 * otherwise (HeapFit; ConfigStartupIT shows it on the packaged app), saying each budget and the heap that would do.
 */
class MemoryBudgetsTest {

    private static final long MIB = 1024 * 1024;

    @Test
    void theDefaultsOfTheFilesystemStoreFitA256MiBHeap() {
        MemoryBudgets budgets = MemoryBudgets.of(config(Map.of()), 256 * MIB);
        // 16 + 16 (a sixteenth of the heap, never less than one 16 MiB body) + 24 + 24 + 32 + 16
        assertEquals(128 * MIB, budgets.total());
        assertTrue(budgets.overdraft().isEmpty());
        assertFalse(budgets.budgets().containsKey("toolspill.blob-store.s3.upload-buffer-bytes"), "no S3 part buffers without S3");
    }

    @Test
    void theSharesOfTheHeapGrowWithIt() {
        Map<String, Long> budgets = MemoryBudgets.of(config(Map.of()), 1024 * MIB).budgets();
        assertEquals(64 * MIB, budgets.get("toolspill.ingest.held-bytes"));
        assertEquals(64 * MIB, budgets.get("toolspill.pipeline.buffered-bytes-budget"));
        assertEquals(16 * MIB, MemoryBudgets.of(config(Map.of()), 64 * MIB).budgets().get("toolspill.pipeline.buffered-bytes-budget"),
                "one body of the largest size always fits");
    }

    @Test
    void aLargeS3PartBufferOnASmallHeapIsRefusedWithEachBudgetAndTheHeapThatWouldDo() {
        MemoryBudgets budgets = MemoryBudgets.of(config(Map.of("toolspill.blob-store.type", "s3", "toolspill.blob-store.s3.bucket", "b",
                "toolspill.blob-store.s3.upload-buffer-bytes", String.valueOf(100 * MIB))), 256 * MIB);
        String problem = budgets.overdraft().orElseThrow();
        assertTrue(problem.startsWith("the memory budgets take 228 MiB together, more than 75% of this JVM's heap (192 MiB of 256 MiB)"), problem);
        assertTrue(problem.contains(": toolspill.blob-store.s3.upload-buffer-bytes=100 MiB, "), "the largest first: " + problem);
        assertTrue(problem.contains("toolspill.ledger.max-pending-bytes=16 MiB"), problem);
        // 196 MiB set + 2 sixteenths of the heap <= 3/4 of the heap: 314 MiB
        assertTrue(problem.endsWith("or give the JVM a heap (-Xmx) of at least 314 MiB, or -XX:MaxRAMPercentage and a container memory limit that make one"), problem);
        assertTrue(MemoryBudgets.of(config(Map.of("toolspill.blob-store.type", "s3", "toolspill.blob-store.s3.bucket", "b",
                "toolspill.blob-store.s3.upload-buffer-bytes", String.valueOf(100 * MIB))), 314 * MIB).overdraft().isEmpty(), "the heap it names does");
        assertFalse(MemoryBudgets.of(config(Map.of("toolspill.blob-store.type", "s3", "toolspill.blob-store.s3.bucket", "b",
                "toolspill.blob-store.s3.upload-buffer-bytes", String.valueOf(100 * MIB))), 313 * MIB).overdraft().isEmpty(), "a MiB less does not");
    }

    @Test
    void theDefaultsNeed163MiBOfHeapWithTheFilesystemStoreAnd233WithS3() {
        Map<String, String> s3 = Map.of("toolspill.blob-store.type", "s3", "toolspill.blob-store.s3.bucket", "b");
        assertEquals(163 * MIB, MemoryBudgets.of(config(Map.of()), 128 * MIB).heapNeeded());
        assertTrue(MemoryBudgets.of(config(Map.of()), 163 * MIB).overdraft().isEmpty());
        assertFalse(MemoryBudgets.of(config(Map.of()), 162 * MIB).overdraft().isEmpty());
        assertEquals(233 * MIB, MemoryBudgets.of(config(s3), 128 * MIB).heapNeeded());
        assertTrue(MemoryBudgets.of(config(s3), 233 * MIB).overdraft().isEmpty());
        assertFalse(MemoryBudgets.of(config(s3), 232 * MIB).overdraft().isEmpty());
    }

    @Test
    void budgetsTooLargeForAnyHeapAreRefusedAndTheirSumDoesNotWrap() {
        String problem = MemoryBudgets.of(config(Map.of("toolspill.inspect.index-cache-bytes", String.valueOf(Long.MAX_VALUE),
                "toolspill.arguments.buffer-bytes", String.valueOf(Long.MAX_VALUE / 2))), 256 * MIB).overdraft().orElseThrow();
        assertTrue(problem.contains("Lower the largest of them (no heap holds them)"), problem);
        assertEquals(Long.MAX_VALUE, MemoryBudgets.of(config(Map.of("toolspill.inspect.index-cache-bytes", String.valueOf(Long.MAX_VALUE))),
                256 * MIB).total());
    }

    @Test
    void aCollectorThatKeepsPartOfTheHeapOutIsToldTheXmxThatWorks() {
        // SerialGC at -Xmx164m may use 158.6 MiB: 163 MiB usable needs an -Xmx of 164 x 163 / 158.6 = 168.6, so 169 MiB
        MemoryBudgets budgets = MemoryBudgets.of(config(Map.of()), (long) (158.6 * MIB), 164 * MIB);
        String problem = budgets.overdraft().orElseThrow();
        assertTrue(problem.contains("a heap (-Xmx) of at least 169 MiB"), problem);
        assertTrue(problem.endsWith("; this JVM may use 158.6 MiB of its 164 MiB (its collector keeps a survivor space out)"), problem);
    }

    @Test
    void theDefaultsOnA128MiBHeapAreRefusedToo() {
        String problem = MemoryBudgets.of(config(Map.of()), 128 * MIB).overdraft().orElseThrow();
        assertTrue(problem.contains("more than 75% of this JVM's heap (96 MiB of 128 MiB)"), problem);
        assertTrue(problem.contains("toolspill.ingest.held-bytes=8 MiB"), problem);
    }

    private static ToolspillConfig config(Map<String, String> values) {
        return new SmallRyeConfigBuilder().withMapping(ToolspillConfig.class).withValidator(new BeanValidationConfigValidatorImpl())
                .withConverter(java.time.Duration.class, 200, new DurationConverter())
                .withSources(new PropertiesConfigSource(values, "test", 500)).addDefaultInterceptors().build()
                .getConfigMapping(ToolspillConfig.class);
    }
}
