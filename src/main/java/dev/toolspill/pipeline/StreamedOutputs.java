package dev.toolspill.pipeline;

import dev.toolspill.history.Admitted;
import dev.toolspill.ingest.IngestPermits;
import dev.toolspill.ingest.StreamIngest;
import dev.toolspill.output.ToolOutput;
import dev.toolspill.tool.ToolException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;
import java.time.Duration;

/**
 * Stores a tool's {@link ToolOutput.Streamed} answer as it arrives, through the same ingest pipeline as an uploaded
 * output: one pass, bounded memory, the summary and read index gathered on the way, no thread held. It takes an ingest
 * permit ({@code toolspill.ingest.max-concurrent}) while it reads, and gives up, dropping what was written (or the blob,
 * if it was already committed), when the call's time runs out.
 */
@ApplicationScoped
public class StreamedOutputs {

    private final StreamIngest ingest;
    private final IngestPermits permits;

    public StreamedOutputs(StreamIngest ingest, IngestPermits permits) {
        this.ingest = ingest;
        this.permits = permits;
    }

    /** What history holds for the answer, within {@code left} of the call's time. */
    public Uni<Admitted> admit(String tool, ToolOutput.Streamed output, Duration left, String owner) {
        Duration wait = left.compareTo(Duration.ofMillis(1)) < 0 ? Duration.ofMillis(1) : left;
        return Uni.createFrom().deferred(() -> {
            if (!permits.tryAcquire()) {
                output.abandon().run();
                return Uni.createFrom().failure(new ToolException("tool " + tool + " answered while this replica was storing as many "
                        + "outputs as it may at once (toolspill.ingest.max-concurrent = " + permits.max() + "); retry shortly"));
            }
            return ingest.ingest(tool, output.body(), false, output.maxBytes(), output.limitKey(), false, owner, output.abandon())
                    .onFailure(StreamIngest.RefusedException.class).transform(e -> new ToolException(((StreamIngest.RefusedException) e).tooLarge()
                            ? "tool " + tool + " answered more than " + output.limitKey() + " = " + output.maxBytes()
                            + " bytes, so its answer was dropped; ask it for less (a narrower query, fewer results)"
                            : "tool " + tool + " gave an answer that cannot be kept: " + e.getMessage()))
                    .onFailure(IOException.class).transform(e -> new ToolException("tool " + tool + "'s answer was cut off: " + e.getMessage()))
                    .ifNoItem().after(wait).failWith(() -> new ToolException("tool " + tool + " was still sending its answer when "
                            + "its time ran out, and the answer was dropped; ask for less, or raise its timeout"))
                    .onTermination().invoke(permits::release);
        });
    }

    /** Abandons an answer nobody will store. */
    static void close(ToolOutput.Streamed output) {
        output.abandon().run();
    }
}
