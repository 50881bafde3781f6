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
public record MemoryBudgets(Map<String, Long> budgets, long maxHeap, long xmx, long heapNeeded) {

    /** The share of the heap the budgets may take together, in percent. */
    public static final int HEAP_PERCENT = 75;

    private static final long MIB = 1024 * 1024;

    /** Heaps past this (64 TiB) are not looked at: budgets that need more fit no JVM. */
    private static final long LARGEST_MIB = 64L << 20;

    /** The budgets {@code config} sets (defaults resolved) in a JVM of {@code maxHeap} bytes, started with that {@code -Xmx}. */
    public static MemoryBudgets of(ToolspillConfig config, long maxHeap) {
        return of(config, maxHeap, maxHeap);
    }

    /**
     * As above, in a JVM that may use {@code maxHeap} bytes ({@link Runtime#maxMemory}) of its {@code xmx}: the Serial
     * and Parallel collectors keep a survivor space out of it, so the {@code -Xmx} that would do is scaled by the ratio.
     * {@code heapNeeded} is that {@code -Xmx}, to the MiB; 0 when no heap of up to 64 TiB holds the budgets.
     */
    static MemoryBudgets of(ToolspillConfig config, long maxHeap, long xmx) {
        // the smallest usable heap they fit in, to the MiB (two budgets are a share of the heap by default and grow with it)
        long tooSmall = 0;
        long fits = LARGEST_MIB;
        if (!fit(config, fits)) {
            return new MemoryBudgets(at(config, maxHeap), maxHeap, xmx, 0);
        }
        while (fits - tooSmall > 1) {
            long middle = tooSmall + (fits - tooSmall) / 2;
            if (fit(config, middle)) {
                fits = middle;
            } else {
                tooSmall = middle;
            }
        }
        long needed = (long) Math.ceil(fits * (double) Math.max(xmx, maxHeap) / maxHeap);
        return new MemoryBudgets(at(config, maxHeap), maxHeap, xmx, needed * MIB);
    }

    private static boolean fit(ToolspillConfig config, long heapMib) {
        return total(at(config, heapMib * MIB)) <= allowed(heapMib * MIB);
    }

    /** The budgets of this JVM's configuration and heap. */
    public static MemoryBudgets ofThisJvm(ToolspillConfig config) {
        long usable = Runtime.getRuntime().maxMemory();
        long xmx = usable;
        try {
            xmx = Long.parseLong(java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
                    .getVMOption("MaxHeapSize").getValue());
        } catch (RuntimeException e) {
            // not a HotSpot JVM: what it may use is all we know
        }
        return of(config, usable, xmx);
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

    /** All the budgets together, in bytes (at most {@link Long#MAX_VALUE}: budgets past it never fit). */
    public long total() {
        return total(budgets);
    }

    private static long total(Map<String, Long> budgets) {
        long sum = 0;
        for (long budget : budgets.values()) {
            sum = sum > Long.MAX_VALUE - budget ? Long.MAX_VALUE : sum + budget;
        }
        return sum;
    }

    /** What they may take together: {@link #HEAP_PERCENT} of the heap. */
    public long allowed() {
        return allowed(maxHeap);
    }

    private static long allowed(long heap) {
        return heap / 100 * HEAP_PERCENT + heap % 100 * HEAP_PERCENT / 100;
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
                + each + ". Lower the largest of them" + (heapNeeded == 0 ? " (no heap holds them)"
                : ", or give the JVM a heap (-Xmx) of at least " + mib(heapNeeded) + ", or -XX:MaxRAMPercentage and a container memory limit that make one")
                + (xmx > maxHeap ? "; this JVM may use " + mib(maxHeap) + " of its " + mib(xmx) + " (its collector keeps a survivor space out)" : ""));
    }

    private static String mib(long bytes) {
        return bytes % MIB == 0 ? bytes / MIB + " MiB" : String.format(java.util.Locale.ROOT, "%.1f MiB", bytes / (double) MIB);
    }
}
