package dev.toolspill.config;

import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Min;
import org.hibernate.validator.constraints.time.DurationMin;

import java.time.Duration;
import java.util.Optional;

/** {@code toolspill.ingest.*}: how streamed bodies are read. Nested in {@link ToolspillConfig} as {@code ToolspillConfig.Ingest}, which extends it (kept here for size). */
public interface IngestConfig {
    /** Largest body {@code POST /v1/tool-outputs} accepts, in bytes. */
    @WithDefault("1073741824")
    long maxBytes();

    /** Worker threads that scan and write streamed uploads (short hops, never a whole upload), shared by all uploads. */
    @WithDefault("8")
    @Min(value = 1, message = Bounds.AT_LEAST)
    int writerThreads();
    /**
     * Bodies this replica reads at once; beyond it, 503 with Retry-After before the body is read. A body holds no thread,
     * its first bytes, a scanner and its share of {@link #heldBytes()}: thousands that trickle fit.
     */
    @WithDefault("2048")
    @Min(value = 1, message = Bounds.AT_LEAST)
    int maxConcurrent();

    /**
     * Memory for the chunks all bodies being read hold together between their stages (redaction, scanning,
     * writing), in bytes; while it is in use, bodies read no more until others' chunks are written (their senders
     * wait). Unset: a sixteenth of the heap.
     */
    Optional<@Min(value = 1, message = Bounds.AT_LEAST) Long> heldBytes();

    /** {@link #heldBytes()} in force in a JVM of {@code maxHeap} bytes: as set, or a sixteenth of the heap. */
    default long heldBytesIn(long maxHeap) {
        return heldBytes().orElse(maxHeap / 16);
    }
    /**
     * Bodies one tenant may send to this replica at once; beyond it 429 with Retry-After. 0: the tenant's share
     * of the replica's upload slots ({@link #tenantShare()}) decides.
     */
    @WithDefault("0")
    int maxConcurrentPerTenant();

    /**
     * With authentication on, the fraction of this replica's upload slots one tenant may hold at once (at least
     * one slot), so one tenant's slow clients cannot take them all; 1 turns the share off.
     */
    @WithDefault("0.5")
    @DecimalMin(value = "0", inclusive = false, message = Bounds.SHARE)
    @DecimalMax(value = "1", message = Bounds.SHARE)
    double tenantShare();
    /**
     * Longest an upload may take from admission to answer; past it the upload is dropped (an HTTP/2 stream reset, an
     * HTTP/1 connection closed) and nothing is kept.
     */
    @WithDefault("10m")
    Duration maxDuration();

    /** A body that sends nothing for this long is dropped, with nothing left behind. */
    @WithDefault("30s")
    @DurationMin(nanos = 0, inclusive = false, message = Bounds.LONGER_THAN_0)
    Duration stallTimeout();
}
