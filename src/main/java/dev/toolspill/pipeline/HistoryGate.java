package dev.toolspill.pipeline;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobInfo;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.Offload;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.limit.Cutter;
import dev.toolspill.limit.HistoryLimit;
import dev.toolspill.limit.Limited;
import dev.toolspill.output.Content;
import dev.toolspill.output.Promoter;
import dev.toolspill.output.Summarizer;
import dev.toolspill.output.ReadIndex;
import dev.toolspill.output.StreamScanner;
import dev.toolspill.output.ToolOutput;
import dev.toolspill.output.Utf8;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Every output reaches history through here: promotion (inline, or stored with a summary), then the
 * limit. When the limit cuts and a store exists, the full text is stored first, so nothing is lost.
 */
@ApplicationScoped
public class HistoryGate {

    private final Promoter promoter;
    private final Summarizer summarizer;
    private final HistoryLimit limit;
    private final Optional<BlobStore> store;
    private final ToolspillConfig.BlobStore.Retry retry;
    private final ObjectMapper mapper;

    /** Outputs from this size on get a read index when stored from memory. */
    static final long INDEX_FROM_BYTES = 1024 * 1024;

    public HistoryGate(Promoter promoter, Summarizer summarizer, HistoryLimit limit, Optional<BlobStore> store,
                       ToolspillConfig config, ObjectMapper mapper) {
        this.mapper = mapper;
        this.promoter = promoter;
        this.summarizer = summarizer;
        this.limit = limit;
        this.store = store;
        this.retry = config.blobStore().retry();
    }

    /** A raw output: inline when small (or when there is no store), else stored with a summary. */
    public Uni<Admitted> admit(String tool, String raw) {
        if (store.isEmpty() || promoter.fitsInline(raw)) {
            return admitInline(tool, raw);
        }
        return Offload.blocking(() -> promoter.contentOf(raw)).flatMap(content -> admitStored(tool, content, null));
    }

    /** A tool's output: {@link ToolOutput.Inline} text is promoted by size like a raw output; Stored is always stored. */
    public Uni<Admitted> admit(String tool, ToolOutput output) {
        if (output instanceof ToolOutput.Stored stored) {
            return store.isPresent() ? admitStored(tool, stored.content(), stored.summary()) : admitInline(tool, stored.content().text());
        }
        return admit(tool, output.text());
    }

    /** Text that is never promoted (error messages, inspect results): only the limit applies. */
    public Admitted admitAsIs(String tool, String text) {
        Limited limited = limit.apply(tool, text);
        if (!limited.truncated()) {
            // already cut by the tool itself with this limit (inspect): report what its marker says
            limited = new Limited(limited.text(), HistoryLimit.droppedBytesIn(limited.text()));
        }
        return new Admitted(limited.text(), null, truncation(limited, null));
    }

    /** Text that stays inline; if the limit must cut it, its full form goes to the store first. */
    private Uni<Admitted> admitInline(String tool, String text) {
        if (store.isEmpty() || !limit.exceeds(tool, text)) {
            Limited limited = limit.apply(tool, text);
            return Uni.createFrom().item(new Admitted(limited.text(), null, truncation(limited, null)));
        }
        return Offload.blocking(() -> promoter.contentOf(text))
                .flatMap(content -> storeWithRetry(BlobId.random(), content))
                .map(blob -> {
                    Limited limited = limit.apply(tool, text, Cutter.UTF8, "full output: " + blob.id().tag());
                    return new Admitted(limited.text(), blob, truncation(limited, blob));
                })
                .onFailure().recoverWithItem(failure -> unstored(tool, text, failure));
    }

    private Uni<Admitted> admitStored(String tool, Content content, String toolSummary) {
        BlobId id = BlobId.random();
        return storeWithRetry(id, content)
                .flatMap(blob -> Offload.blocking(() -> summaryOf(id, content, toolSummary)).map(summary -> {
                    Limited limited = limit.apply(tool, summary, Cutter.UTF8, "full output: " + id.tag());
                    return new Admitted(limited.text(), blob, truncation(limited, blob));
                }))
                .call(admitted -> admitted.blob().bytes() < INDEX_FROM_BYTES ? Uni.createFrom().voidItem() : index(id, content))
                .onFailure().recoverWithItem(failure -> unstored(tool, content.text(), failure));
    }

    /** The tool's own summary line, kept as it is, or one made from the content (counting a large text is real work). */
    private String summaryOf(BlobId id, Content content, String toolSummary) {
        return toolSummary == null || toolSummary.isBlank() ? summarizer.summarize(id, content)
                : Utf8.clip(id.tag() + " " + toolSummary, summarizer.maxBytes());
    }

    /** Large outputs get a read index too, so inspect reads only near its selection; without one it scans. */
    private Uni<Void> index(BlobId id, Content content) {
        return Offload.blocking(() -> {
                    byte[] bytes = content.text().getBytes(StandardCharsets.UTF_8);
                    StreamScanner scanner = new StreamScanner(summarizer, content instanceof Content.Structured, ReadIndex.EVERY);
                    scanner.feed(bytes, 0, bytes.length);
                    StreamScanner.Scan scan = scanner.finish();
                    return scan.index().withSummary(summarizer.summarize(id, scan.shape())).toJson(mapper);
                })
                .flatMap(index -> store.get().storeIndex(id, index))
                .onFailure().invoke(e -> Log.warnf("Could not index blob %s (reads will scan it): %s", id, e.toString()))
                .onFailure().recoverWithNull();
    }

    /** A store that fails is tried again a few times, backing off, before the output falls back to the limit. */
    private Uni<BlobInfo> storeWithRetry(BlobId id, Content content) {
        Uni<BlobInfo> attempt = store.get().store(id, content);
        if (retry.attempts() <= 0) {
            return attempt;
        }
        return attempt.onFailure().retry()
                .withBackOff(retry.backoff(), retry.backoff().multipliedBy(10))
                .atMost(retry.attempts());
    }

    /** The store failed for good: the limit alone guards history, and the marker says the rest is not kept. */
    private Admitted unstored(String tool, String text, Throwable failure) {
        Log.warnf("Could not store the output of %s (%d bytes) in %s after %d retries, returning it limited: %s",
                tool, Utf8.length(text), store.map(BlobStore::location).orElse("-"), retry.attempts(), failure.toString());
        Limited limited = limit.apply(tool, text, Cutter.UTF8, "the full output could not be stored (the blob store is unavailable)");
        return new Admitted(limited.text(), null, truncation(limited, null));
    }

    private static Admitted.Truncation truncation(Limited limited, BlobInfo blob) {
        return limited.truncated() ? new Admitted.Truncation(limited.droppedBytes(), blob == null ? null : blob.id()) : null;
    }
}
