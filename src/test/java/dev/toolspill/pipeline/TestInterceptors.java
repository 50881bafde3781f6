package dev.toolspill.pipeline;

import dev.toolspill.output.ToolOutput;
import dev.toolspill.tool.ToolCall;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** Interceptors that act only on calls whose id starts with "intercept-", recording what they see. */
public final class TestInterceptors {

    /** Call id → bytes of output each interceptor saw, in the order they ran. */
    public static final Map<String, List<String>> SEEN = new ConcurrentHashMap<>();

    private TestInterceptors() {
    }

    static boolean mine(ToolCall call) {
        return call.id().startsWith("intercept-");
    }

    static String text(ToolOutput output) {
        return output.text();
    }

    /** Runs second: appends 40,000 bytes, which the limit must then cut. */
    @ApplicationScoped
    @Priority(20)
    public static class Expanding implements PostToolCallInterceptor {
        @Override
        public Uni<ToolOutput> afterCall(ToolCall call, ToolOutput output) {
            if (!mine(call)) {
                return Uni.createFrom().item(output);
            }
            SEEN.computeIfAbsent(call.id(), id -> new CopyOnWriteArrayList<>()).add("expanding:" + text(output).length());
            return Uni.createFrom().item(new ToolOutput.Inline(text(output) + "\n" + "z".repeat(40_000)));
        }
    }

    /** Runs first: sees the tool's full output and upper-cases it. */
    @ApplicationScoped
    @Priority(10)
    public static class Shouting implements PostToolCallInterceptor {
        @Override
        public Uni<ToolOutput> afterCall(ToolCall call, ToolOutput output) {
            if (!mine(call)) {
                return Uni.createFrom().item(output);
            }
            SEEN.computeIfAbsent(call.id(), id -> new CopyOnWriteArrayList<>()).add("shouting:" + text(output).length());
            return Uni.createFrom().item(new ToolOutput.Inline(text(output).toUpperCase()));
        }
    }
}
