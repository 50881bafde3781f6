package dev.toolspill.pipeline;

import dev.toolspill.history.Admitted;
import dev.toolspill.ingest.IngestPermits;
import dev.toolspill.ingest.StreamIngest;
import dev.toolspill.output.ToolOutput;
import dev.toolspill.tool.ToolException;
import dev.toolspill.retention.BlobRemover;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Stores a tool's {@link ToolOutput.Streamed} answer as it arrives, through the same ingest as an uploaded output:
 * one pass, bounded memory, the summary and read index gathered on the way. It holds an ingest permit
 * ({@code toolspill.ingest.max-concurrent}) and a worker thread while it reads, and gives up, dropping what was
 * written, when the call's time runs out.
 */
@ApplicationScoped
public class StreamedOutputs {

    private final StreamIngest ingest;
    private final IngestPermits permits;
    private final BlobRemover remover;

    public StreamedOutputs(StreamIngest ingest, IngestPermits permits, BlobRemover remover) {
        this.ingest = ingest;
        this.permits = permits;
        this.remover = remover;
    }

    /** What history holds for the answer, within {@code left} of the call's time. */
    public Uni<Admitted> admit(String tool, ToolOutput.Streamed output, Duration left, String owner) {
        Duration wait = left.compareTo(Duration.ofMillis(1)) < 0 ? Duration.ofMillis(1) : left;
        AtomicBoolean abandoned = new AtomicBoolean();
        return Uni.createFrom().item(() -> store(tool, output, abandoned, owner))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .onCancellation().invoke(() -> {
                    abandoned.set(true);
                    close(output.body());
                })
                .ifNoItem().after(wait).failWith(() -> new ToolException("tool " + tool + " was still sending its answer when "
                        + "its time ran out, and the answer was dropped; ask for less, or raise its timeout"));
    }

    /**
     * Stores the answer; once the call was abandoned, its failure is nobody's business (null is dropped unseen), and a
     * blob it still finished is removed: nobody was given its id.
     */
    private Admitted store(String tool, ToolOutput.Streamed output, AtomicBoolean abandoned, String owner) {
        try {
            Admitted admitted = store(tool, output, owner);
            if (abandoned.get() && admitted.blob() != null) {
                remover.remove(admitted.blob().id()).subscribe().with(ok -> { },
                        failure -> Log.warnf("Could not remove blob %s of an abandoned call: %s", admitted.blob().id(), failure.toString()));
                return null;
            }
            return admitted;
        } catch (ToolException e) {
            if (abandoned.get()) {
                return null;
            }
            throw e;
        }
    }

    private Admitted store(String tool, ToolOutput.Streamed output, String owner) {
        if (!permits.tryAcquire()) {
            close(output.body());
            throw new ToolException("tool " + tool + " answered while this replica was storing as many outputs as it may "
                    + "at once (toolspill.ingest.max-concurrent = " + permits.max() + "); retry shortly");
        }
        try (InputStream body = output.body()) {
            return ingest.ingest(tool, body, false, output.maxBytes(), output.limitKey(), false, owner);
        } catch (StreamIngest.RefusedException e) {
            throw new ToolException(e.tooLarge()
                    ? "tool " + tool + " answered more than " + output.limitKey() + " = " + output.maxBytes()
                    + " bytes, so its answer was dropped; ask it for less (a narrower query, fewer results)"
                    : "tool " + tool + " gave an answer that cannot be kept: " + e.getMessage());
        } catch (IOException e) {
            throw new ToolException("tool " + tool + "'s answer was cut off: " + e.getMessage());
        } finally {
            permits.release();
        }
    }

    static void close(InputStream body) {
        try {
            body.close();
        } catch (IOException ignored) {
            // abandoned either way
        }
    }
}
