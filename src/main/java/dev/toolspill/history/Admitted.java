package dev.toolspill.history;

import dev.toolspill.blob.BlobId;
import dev.toolspill.ledger.LedgerEntry;
import dev.toolspill.redact.Redactions;
import dev.toolspill.text.Utf8;

import java.time.Instant;

/**
 * One output as it enters history: the text the model sees, the blob that holds the full content
 * (if one was stored), how much the limit dropped (if it cut), the selector that reads the next part of a
 * selection ({@code next}, null when there is none), and where the output went ({@code disposition}: for the result
 * item and for metrics; {@code unstored} when the full output should have been kept and could not be, the store being
 * down and the spool full: only the limit guarded it), and what was redacted from it ({@code redacted}: the counts by
 * kind of the credentials replaced before it was stored or shown).
 */
public record Admitted(String output, StoredBlob blob, Truncation truncated, String next, Disposition disposition,
                       Redactions redacted) {

    public Admitted(String output, StoredBlob blob, Truncation truncated, String next, Disposition disposition) {
        this(output, blob, truncated, next, disposition, Redactions.NONE);
    }

    public Admitted(String output, StoredBlob blob, Truncation truncated, String next) {
        this(output, blob, truncated, next, Disposition.of(blob, truncated));
    }

    public Admitted(String output, StoredBlob blob, Truncation truncated) {
        this(output, blob, truncated, null);
    }

    /** The same, marked as an output the store could not take. */
    public Admitted unstored() {
        return new Admitted(output, blob, truncated, next, Disposition.UNSTORED, redacted);
    }

    /** The same, saying what was redacted from the output. */
    public Admitted withRedactions(Redactions redactions) {
        return redactions.none() ? this : new Admitted(output, blob, truncated, next, disposition, redacted.plus(redactions));
    }

    /** UTF-8 bytes the model sees. */
    public long historyBytes() {
        return output == null ? 0 : Utf8.length(output);
    }

    /** UTF-8 bytes of the output the model does not see: kept in the blob, or dropped by the limit. */
    public long keptOutBytes() {
        return keptOut(historyBytes());
    }

    private long keptOut(long historyBytes) {
        if (blob != null) {
            return Math.max(0, blob.bytes() - historyBytes);
        }
        return truncated == null ? 0 : truncated.droppedBytes();
    }

    /** This output as a line of the call ledger: what the tool returned, what the model got, and where the rest is. */
    public LedgerEntry entry(String tenant, Instant at, String kind, String tool, String callId, boolean error) {
        LedgerEntry.Blob kept = blob != null ? new LedgerEntry.Blob(blob.id().toString(), blob.kind().label(), blob.count())
                : truncated != null && truncated.blobId() != null ? new LedgerEntry.Blob(truncated.blobId().toString(), null, null) : null;
        long historyBytes = historyBytes();
        // the output's UTF-8 length counted once: it is on the call's path
        return LedgerEntry.of(tenant, at, kind, tool, callId, error, disposition.label(), historyBytes + keptOut(historyBytes), historyBytes,
                kept, output);
    }

    public record Truncation(long droppedBytes, BlobId blobId) {
    }
}
