package dev.toolspill.pipeline;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobInfo;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.Offload;
import dev.toolspill.limit.Cutter;
import dev.toolspill.limit.HistoryLimit;
import dev.toolspill.limit.Limited;
import dev.toolspill.output.Content;
import dev.toolspill.output.Promoter;
import dev.toolspill.output.Summarizer;
import dev.toolspill.output.ToolOutput;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

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

    public HistoryGate(Promoter promoter, Summarizer summarizer, HistoryLimit limit, Optional<BlobStore> store) {
        this.promoter = promoter;
        this.summarizer = summarizer;
        this.limit = limit;
        this.store = store;
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
        return admit(tool, ((ToolOutput.Inline) output).text());
    }

    /** Text that is never promoted (error messages, inspect results): only the limit applies. */
    public Admitted admitAsIs(String tool, String text) {
        Limited limited = limit.apply(tool, text);
        return new Admitted(limited.text(), null, truncation(limited, null));
    }

    /** Text that stays inline; if the limit must cut it, its full form goes to the store first. */
    private Uni<Admitted> admitInline(String tool, String text) {
        if (store.isEmpty() || !limit.exceeds(tool, text)) {
            Limited limited = limit.apply(tool, text);
            return Uni.createFrom().item(new Admitted(limited.text(), null, truncation(limited, null)));
        }
        return Offload.blocking(() -> promoter.contentOf(text))
                .flatMap(content -> store.get().store(BlobId.random(), content))
                .map(blob -> {
                    Limited limited = limit.apply(tool, text, Cutter.UTF8, "full output: " + blob.id().tag());
                    return new Admitted(limited.text(), blob, truncation(limited, blob));
                });
    }

    private Uni<Admitted> admitStored(String tool, Content content, String toolSummary) {
        BlobId id = BlobId.random();
        return store.get().store(id, content).map(blob -> {
            String summary = toolSummary == null || toolSummary.isBlank()
                    ? summarizer.summarize(id, content)
                    : id.tag() + " " + toolSummary;
            Limited limited = limit.apply(tool, summary, Cutter.UTF8, "full output: " + id.tag());
            return new Admitted(limited.text(), blob, truncation(limited, blob));
        });
    }

    private static Admitted.Truncation truncation(Limited limited, BlobInfo blob) {
        return limited.truncated() ? new Admitted.Truncation(limited.droppedBytes(), blob == null ? null : blob.id()) : null;
    }
}
