package dev.toolspill.config;

import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Min;
import org.hibernate.validator.constraints.time.DurationMin;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** {@code toolspill.pipeline.*}: how batches of tool calls run. Nested in {@link ToolspillConfig} as {@code ToolspillConfig.Pipeline}, which extends it (kept here for size). */
public interface PipelineConfig {
    /** Calls of one batch that run at the same time. */
    @WithDefault("16")
    @Min(value = 1, message = Bounds.AT_LEAST)
    int maxConcurrency();
    /** How long one call may run before it becomes an error result. */
    @WithDefault("30s")
    @DurationMin(nanos = 0, inclusive = false, message = Bounds.LONGER_THAN_0)
    Duration timeout();
    /** Per-tool timeout overrides, keyed by tool name. */
    Map<String, Duration> timeouts();

    /** Calls one batch may hold (413 above). */
    @WithDefault("1000")
    int maxCalls();

    /** Largest JSON body of {@code /v1/tool-calls} (and every other JSON endpoint), in bytes (413 above). */
    @WithDefault("16777216")
    long maxBodyBytes();

    /**
     * Bytes of bodies read whole (batches, MCP messages, every body but a streamed upload) this replica holds at
     * once, counted by their Content-Length; past it 503 with Retry-After before the body is read. Default: a
     * sixteenth of the maximum heap, and never less than {@link #maxBodyBytes()}.
     */
    Optional<@Min(value = 1, message = Bounds.AT_LEAST) Long> bufferedBytesBudget();

    /** {@link #bufferedBytesBudget()} in force in a JVM of {@code maxHeap} bytes: as set, or its default. */
    default long bufferedBytesBudgetIn(long maxHeap) {
        return bufferedBytesBudget().orElse(Math.max(maxBodyBytes(), maxHeap / 16));
    }

    /**
     * Longest a body read whole may take to arrive once admitted; past it the request is dropped (an HTTP/2 stream
     * reset, an HTTP/1 connection closed) and its bytes go back to the budget, so a client that declares a large body and sends it slowly holds the budget this long
     * at most.
     */
    @WithDefault("30s")
    Duration bodyTimeout();

    /**
     * How long a request answered before its body was read (refused, too large, rate-limited) may go on sending
     * that body, read and dropped, before its connection closes; closing at once would reset the connection and
     * could lose the answer on its way to the client.
     */
    @WithDefault("5s")
    Duration lingerTimeout();

    /** Largest {@code Toolspill-Results} header of a provider-shaped answer, in bytes; past it a short form per call. */
    @WithDefault("8192")
    int resultsHeaderMaxBytes();
}
