package dev.toolspill.tool;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolspill.output.ToolOutput;
import dev.toolspill.tenant.Caller;
import io.smallrye.mutiny.Uni;

import java.time.Duration;
import java.util.Optional;

/**
 * A tool the model can call. Most tools return text from {@link #execute}; a tool that wants to
 * choose the stored form (for example to force Structured content) overrides {@link #call}.
 * A failure the model should read is a {@link ToolException}.
 */
public interface Tool {

    String name();

    /** What the model reads about the tool. */
    String description();

    /** JSON Schema of the arguments object. */
    JsonNode parameters();

    /** Whether {@link #execute} blocks the calling thread; such tools run on worker threads. */
    default boolean blocking() {
        return false;
    }

    /** Whether a large output may become a blob; false for tools that already read from one. */
    default boolean promotable() {
        return true;
    }

    /** How long a call may take when no {@code toolspill.pipeline.timeouts} entry names this tool. */
    default Optional<Duration> timeout() {
        return Optional.empty();
    }

    Uni<String> execute(JsonNode arguments);

    /**
     * The output as the pipeline sees it. The default wraps {@link #execute}'s text, which is then
     * promoted by size; a {@link ToolOutput.Stored} is stored whatever its size.
     */
    default Uni<ToolOutput> call(JsonNode arguments) {
        return execute(arguments).map(ToolOutput.Inline::new);
    }

    /**
     * The output of a call made for {@code caller} (a tenant, or anyone with authentication off). By default the
     * same as {@link #call(JsonNode)}; a tool that reads what a tenant owns (such as {@code inspect}) overrides it.
     */
    default Uni<ToolOutput> call(JsonNode arguments, Caller caller) {
        return call(arguments);
    }
}
