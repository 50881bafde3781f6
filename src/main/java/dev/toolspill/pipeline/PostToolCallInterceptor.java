package dev.toolspill.pipeline;

import dev.toolspill.output.ToolOutput;
import dev.toolspill.tool.ToolCall;
import io.smallrye.mutiny.Uni;

/**
 * Sees each tool's full output before promotion and the limit, and may replace it. Interceptors are
 * CDI beans, run in ascending {@link jakarta.annotation.Priority} order; what they return is promoted
 * and limited like any output.
 */
public interface PostToolCallInterceptor {

    Uni<ToolOutput> afterCall(ToolCall call, ToolOutput output);
}
