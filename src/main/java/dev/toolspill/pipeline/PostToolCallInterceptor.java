package dev.toolspill.pipeline;

import dev.toolspill.output.ToolOutput;
import dev.toolspill.tool.ToolCall;
import io.smallrye.mutiny.Uni;

/**
 * Sees each tool's full output before promotion and the limit, and may replace it. Interceptors are
 * CDI beans, run in ascending {@link jakarta.annotation.Priority} order; what they return is promoted
 * and limited like any output. An answer too long to hold in memory (over {@code toolspill.tools.max-buffered-bytes})
 * arrives as a {@link ToolOutput.Streamed}, which has no text: pass it on to have it stored as it arrives, or
 * replace it (closing its body) when it must not be kept.
 */
public interface PostToolCallInterceptor {

    Uni<ToolOutput> afterCall(ToolCall call, ToolOutput output);
}
