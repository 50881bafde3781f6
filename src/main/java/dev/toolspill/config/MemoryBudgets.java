package dev.toolspill.config;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The {@code toolspill.*} budgets of heap memory that may all be full at once (each bounds one kind of bytes held
 * between reads and writes), with the values in force in a JVM of {@code maxHeap} bytes, and the start-up rule that
 * together they leave a quarter of the heap to the rest of the service (Quarkus, Vert.x and Netty buffers, requests in
 * flight, the collector's headroom). Past it, a replica under load runs out of memory instead of answering 503.
 */
public record MemoryBudgets(Map<String, Long> budgets, long maxHeap, long heapNeeded) {

    /** The share of the heap the budgets may take together, in percent. */
    public static final int HEAP_PERCENT = 75;

    private static final long MIB = 1024 * 1024;

    /** The budgets {@code config} sets (defaults resolved) in a JVM of {@code maxHeap} bytes. */
    public static MemoryBudgets of(ToolspillConfig config, long maxHeap) {
        // the smallest heap they fit in, to the MiB (two budgets are a share of the heap by default and grow with it)
        long fits = maxHeap;
        while (total(at(config, fits)) > allowed(fits)) {
            fits *= 2;
        }
        long tooSmall = maxHeap;
        while (fits - tooSmall > MIB) {
            long middle = tooSmall + (fits - tooSmall) / 2;
            if (total(at(config, middle)) > allowed(middle)) {
                tooSmall = middle;
            } else {
                fits = middle;
            }
        }
        return new MemoryBudgets(at(config, maxHeap), maxHeap, (fits + MIB - 1) / MIB * MIB);
    }

    /** The budgets of this JVM's configuration and heap. */
    public static MemoryBudgets ofThisJvm(ToolspillConfig config) {
        return of(config, Runtime.getRuntime().maxMemory());
    }

    private static Map<String, Long> at(ToolspillConfig config, long maxHeap) {
        Map<String, Long> budgets = new LinkedHashMap<>();
        if (config.blobStore().type() == ToolspillConfig.StoreType.s3) {
            budgets.put("toolspill.blob-store.s3.upload-buffer-bytes", config.blobStore().s3().uploadBufferBytes());
        }
        budgets.put("toolspill.ingest.held-bytes", config.ingest().heldBytesIn(maxHeap));
        budgets.put("toolspill.pipeline.buffered-bytes-budget", config.pipeline().bufferedBytesBudgetIn(maxHeap));
        budgets.put("toolspill.tools.response-buffer-bytes", config.tools().responseBufferBytes());
        budgets.put("toolspill.arguments.buffer-bytes", config.arguments().bufferBytes());
        budgets.put("toolspill.inspect.index-cache-bytes", config.inspect().indexCacheBytes());
        budgets.put("toolspill.ledger.max-pending-bytes", config.ledger().maxPendingBytes());
        return java.util.Collections.unmodifiableMap(budgets);
    }

    /** All the budgets together, in bytes. */
    public long total() {
        return total(budgets);
    }

    private static long total(Map<String, Long> budgets) {
        return budgets.values().stream().mapToLong(Long::longValue).sum();
    }

    /** What they may take together: {@link #HEAP_PERCENT} of the heap. */
    public long allowed() {
        return allowed(maxHeap);
    }

    private static long allowed(long heap) {
        return heap * HEAP_PERCENT / 100;
    }

    /** Why a replica with these budgets must not start, with each budget and what would work; empty when they fit. */
    public Optional<String> overdraft() {
        if (total() <= allowed()) {
            return Optional.empty();
        }
        String each = budgets.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .map(budget -> budget.getKey() + "=" + mib(budget.getValue())).collect(Collectors.joining(", "));
        return Optional.of("the memory budgets take " + mib(total()) + " together, more than " + HEAP_PERCENT + "% of this JVM's heap ("
                + mib(allowed()) + " of " + mib(maxHeap) + "), so a replica under load would run out of memory instead of answering 503: "
                + each + ". Lower the largest of them, or give the JVM a heap of at least " + mib(heapNeeded)
                + " (-Xmx, or -XX:MaxRAMPercentage and the container's memory limit)");
    }

    private static String mib(long bytes) {
        return bytes % MIB == 0 ? bytes / MIB + " MiB" : String.format(java.util.Locale.ROOT, "%.1f MiB", bytes / (double) MIB);
    }
}
