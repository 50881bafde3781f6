package dev.toolspill.history;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.StoreKind;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.limit.Cutter;
import dev.toolspill.limit.HistoryLimit;
import dev.toolspill.limit.Limited;
import dev.toolspill.output.Content;
import dev.toolspill.output.Promoter;
import dev.toolspill.output.Summarizer;
import dev.toolspill.output.ToolOutput;
import dev.toolspill.redact.Redaction;
import dev.toolspill.scan.BlobIndexer;
import dev.toolspill.scan.ReadIndex;
import dev.toolspill.scan.Scan;
import dev.toolspill.scan.ScanSettings;
import dev.toolspill.scan.StreamScanner;
import dev.toolspill.text.ByteOrderMarks;
import dev.toolspill.text.Utf8;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;

import java.nio.charset.StandardCharsets;

/**
 * Every output held in memory reaches history through here: promotion (inline, or stored with a summary), then
 * the limit. When the limit cuts and a store exists, the full text is stored first, so nothing is lost. Encoding
 * and scanning an output run on a worker thread; the store is called without blocking. Credentials are redacted
 * first ({@link Redaction}), so neither the store nor the answer ever holds them.
 */
@ApplicationScoped
public class HistoryGate {

    /** Outputs from this size on get a read index when stored from memory; smaller ones are scanned when read. */
    static final long INDEX_FROM_BYTES = 1024 * 1024;

    /** Texts from this size on are redacted on a worker thread. */
    static final int REDACT_INLINE_BYTES = 64 * 1024;

    /** What the marker says when the full output could not be kept. */
    public static final String UNSTORED = "the full output could not be stored (the blob store is unavailable)";

    /**
     * What a tool set to answer repeats with a reference ({@code toolspill.output.repeat-reference-tools}) says after the
     * tag. It does not claim the caller saw the first answer (a retry after a lost answer, another session of the
     * tenant, did not): it says how to read the blob.
     */
    public static final String REPEAT = " identical to an output stored before; inspect the blob to read it";

    private final java.util.function.Predicate<String> repeatReference;
    private final Promoter promoter;
    private final Summarizer summarizer;
    private final HistoryLimit limit;
    private final BlobStore store;
    private final BlobIndexer indexer;
    private final ScanSettings settings;
    private final Vertx vertx;
    private final StoreKind kind;
    private final Redaction redaction;

    public HistoryGate(Promoter promoter, Summarizer summarizer, HistoryLimit limit, BlobStore store, BlobIndexer indexer,
                       ScanSettings settings, ToolspillConfig config, Vertx vertx, StoreKind kind, Redaction redaction) {
        this.kind = kind;
        this.repeatReference = config.output().repeatReferenceTools()
                .<java.util.function.Predicate<String>>map(tools -> tool -> tools.contains("*") || tools.contains(tool)).orElse(tool -> false);
        this.redaction = redaction;
        this.promoter = promoter;
        this.summarizer = summarizer;
        this.limit = limit;
        this.store = store;
        this.indexer = indexer;
        this.settings = settings;
        this.vertx = vertx;
    }

    /**
     * A raw output: inline when small (or when there is no store), else stored with a summary, as a blob owned by
     * {@code owner} (a tenant; null: nobody). Its credentials are redacted first.
     */
    public Uni<Admitted> admit(String tool, String raw, String owner) {
        return redact(tool, owner, raw).flatMap(clean -> admitClean(tool, clean.text(), owner)
                .map(admitted -> admitted.withRedactions(clean.redactions())));
    }

    /** A tool's output: Inline text is promoted by size like a raw output; Stored is always stored. */
    public Uni<Admitted> admit(String tool, ToolOutput output, String owner) {
        if (output instanceof ToolOutput.Stored stored) {
            Redaction.Redacted summary = redaction.text(tool, owner, stored.summary());
            return redact(tool, owner, stored.text()).flatMap(clean -> admitStored(tool, stored, clean.text(), summary.text(), owner)
                    .map(admitted -> admitted.withRedactions(clean.redactions().plus(summary.redactions()))));
        }
        return admit(tool, output.text(), owner);
    }

    private Uni<Admitted> admitClean(String tool, String raw, String owner) {
        String text = ByteOrderMarks.strip(raw);
        if (!kind.keepsBlobs() || promoter.fitsInline(text)) {
            return keepInline(tool, text, owner);
        }
        return prepare(text, Expect.ANY).flatMap(prepared -> admitStored(tool, prepared, null, owner));
    }

    private Uni<Admitted> admitStored(String tool, ToolOutput.Stored stored, String text, String summary, String owner) {
        if (!kind.keepsBlobs()) {
            return keepInline(tool, text, owner);
        }
        return prepare(text, stored.content() instanceof Content.Structured ? Expect.JSON : Expect.TEXT)
                .flatMap(prepared -> admitStored(tool, prepared, summary, owner));
    }

    /** The text with its credentials redacted: a long one on a worker thread, since that costs. */
    private Uni<Redaction.Redacted> redact(String tool, String owner, String text) {
        if (text == null || text.length() < REDACT_INLINE_BYTES / 3) { // a char is at most 3 UTF-8 bytes
            return Uni.createFrom().item(redaction.text(tool, owner, text));
        }
        return vertx.executeBlocking(() -> redaction.text(tool, owner, text), false);
    }

    /** Text that stays inline with no full copy to keep (it fits the limit, or there is no store): the limit alone. */
    public Admitted admitInline(String tool, String text) {
        return limited(tool, text, null, "");
    }

    /** Text that stays inline, cut by the limit, whose full form was stored elsewhere as {@code blob}: the marker names it. */
    public Admitted admitKept(String tool, String text, StoredBlob blob) {
        return limited(tool, text, blob, "full output: " + blob.id().tag());
    }

    /**
     * Text that is never promoted (error messages, inspect results): only the limit applies. The tool's {@code next}
     * goes on only while the text is as the tool made it: a text this limit cut again shows less than it names.
     */
    public Admitted admitAsIs(String tool, ToolOutput.Inline output) {
        Redaction.Redacted clean = redaction.text(tool, null, output.text());
        Limited limited = limit.apply(tool, clean.text());
        long dropped = limited.truncated() ? limited.droppedBytes() : output.droppedBytes();
        return new Admitted(limited.text(), null, dropped > 0 ? new Admitted.Truncation(dropped, null) : null,
                limited.truncated() ? null : output.next()).withRedactions(clean.redactions());
    }

    /** Text that stays inline; if the limit must cut it, its full form goes to the store first. */
    private Uni<Admitted> keepInline(String tool, String text, String owner) {
        if (!kind.keepsBlobs() || !limit.exceeds(tool, text)) {
            return Uni.createFrom().item(limited(tool, text, null, ""));
        }
        return prepare(text, Expect.ANY)
                .flatMap(prepared -> keep(BlobId.random(), prepared, owner)
                        .map(blob -> limited(tool, text, blob, "full output: " + blob.id().tag())))
                .onFailure().recoverWithItem(failure -> unstored(tool, text, failure));
    }

    private Uni<Admitted> admitStored(String tool, Prepared prepared, String toolSummary, String owner) {
        return keep(BlobId.random(), prepared, owner)
                .map(blob -> limited(tool, summaryOf(blob, prepared.scan(), toolSummary), blob, "full output: " + blob.id().tag()))
                .call(admitted -> prepared.bytes().length < INDEX_FROM_BYTES || admitted.blob().repeat() ? Uni.createFrom().voidItem()
                        : indexer.keep(admitted.blob().id(), prepared.scan().index()))
                .onFailure().recoverWithItem(failure -> unstored(tool, prepared.text(), failure));
    }

    /** The output as the bytes to store and what one scan of them found; on a worker thread, since both cost. */
    private Uni<Prepared> prepare(String text, Expect expect) {
        return vertx.executeBlocking(() -> {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            Scan scan = expect == Expect.TEXT ? StreamScanner.scanText(settings, bytes, ReadIndex.EVERY)
                    : StreamScanner.scan(settings, bytes, expect == Expect.JSON, ReadIndex.EVERY);
            return new Prepared(text, bytes, scan);
        }, false);
    }

    /** What an output may be stored as: whatever it parses as, or what its tool said. */
    private enum Expect { ANY, TEXT, JSON }

    /** The tool's own summary line, kept as it is, or one made from the scan. */
    private String summaryOf(StoredBlob blob, Scan scan, String toolSummary) {
        return toolSummary == null || toolSummary.isBlank() ? summarizer.summarize(blob.id(), scan.shape())
                : Utf8.clip(blob.id().tag() + " " + toolSummary, summarizer.maxBytes());
    }

    /**
     * Kept by the store: in the shared store (tried again a few times), or, while it is down, in this replica's spool
     * under the same id ({@link BlobStore#keep}): the summary is the same either way. {@code repeat} when the tenant
     * had stored the same bytes before, whose blob holds them (content addressing).
     */
    private Uni<StoredBlob> keep(BlobId id, Prepared prepared, String owner) {
        return store.keep(id, prepared.scan().kind().format(), prepared.bytes(), owner)
                .map(meta -> new StoredBlob(meta.id(), prepared.scan().kind(), meta.bytes(), prepared.scan().count(),
                        store.heldHere(meta.id()), !meta.id().equals(id)));
    }

    /** Whether {@code admitted} is the one-line reference to a repeat, not the output or its summary. */
    public static boolean isReference(Admitted admitted) {
        return admitted.blob() != null && admitted.blob().repeat() && admitted.output().equals(admitted.blob().id().tag() + REPEAT);
    }

    private Admitted limited(String tool, String text, StoredBlob blob, String note) {
        if (blob != null && blob.repeat() && repeatReference.test(tool)) {
            return new Admitted(blob.id().tag() + REPEAT, blob, null);
        }
        Limited limited = limit.apply(tool, text, Cutter.UTF8, note);
        return new Admitted(limited.text(), blob,
                limited.truncated() ? new Admitted.Truncation(limited.droppedBytes(), blob == null ? null : blob.id()) : null);
    }

    /** The store failed for good: the limit alone guards history, and the marker says the rest is not kept. */
    private Admitted unstored(String tool, String text, Throwable failure) {
        Log.warnf("Could not store the output of %s (%d bytes) in %s nor spool it, returning it limited: %s",
                tool, Utf8.length(text), store.location(), failure.toString());
        return limited(tool, text, null, UNSTORED).unstored();
    }

    private record Prepared(String text, byte[] bytes, Scan scan) {
    }
}
