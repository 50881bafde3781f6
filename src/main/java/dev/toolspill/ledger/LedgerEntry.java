package dev.toolspill.ledger;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One line of the call ledger: a tool call or an ingest, what the tool returned ({@code toolBytes}) and what the model
 * received ({@code answer}, exactly; its UTF-8 bytes and {@code o200k_base} tokens). {@code id} is
 * {@code <epoch millis>-<random>}: unique, and it says which hour's batches hold the entry. {@code tenant} is null
 * with authentication off. {@code disposition} is the label of {@link dev.toolspill.history.Disposition}, or
 * {@code error} for a call that failed. {@code historyTokens} is counted when the entry is read ({@link LedgerReads}), never on the call's path.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LedgerEntry(
        String id,
        String tenant,
        Instant at,
        String kind,
        String tool,
        @JsonProperty("call_id") String callId,
        String status,
        String disposition,
        @JsonProperty("tool_bytes") long toolBytes,
        @JsonProperty("history_bytes") long historyBytes,
        @JsonProperty("history_tokens") Integer historyTokens,
        @JsonProperty("blob_id") String blobId,
        @JsonProperty("blob_kind") String blobKind,
        @JsonProperty("blob_count") Long blobCount,
        String answer) {

    public static final String CALL = "call";
    public static final String INGEST = "ingest";
    public static final String ERROR = "error";

    /**
     * What one call or ingest gave the model at {@code at} ({@code history.Admitted#entry} makes it from what history
     * admitted): {@code disposition} is ignored for an error.
     */
    public static LedgerEntry of(String tenant, Instant at, String kind, String tool, String callId, boolean error, String disposition,
                                 long toolBytes, long historyBytes, Blob blob, String answer) {
        String id = at.toEpochMilli() + "-" + Integer.toHexString(ThreadLocalRandom.current().nextInt());
        return new LedgerEntry(id, tenant, at, kind, clip(tool), clip(callId),
                error ? ERROR : "ok", error ? ERROR : disposition, toolBytes, historyBytes, null, blob == null ? null : blob.id(),
                blob == null ? null : blob.kind(), blob == null ? null : blob.count(), answer);
    }

    /** Most chars of a tool name or call id an entry keeps (the edges refuse longer ones; an entry stays small whatever comes). */
    static final int MAX_NAME = 256;

    private static String clip(String name) {
        return name == null || name.length() <= MAX_NAME ? name : name.substring(0, MAX_NAME) + "…";
    }

    /**
     * The blob that holds the full output: its id, its kind ({@code text}, {@code json_array}, {@code json_object};
     * null when only the id is known) and its lines, entries or keys (null when unknown).
     */
    public record Blob(String id, String kind, Long count) {
    }

    /** The epoch millis in an entry id, or -1 when it is not one. */
    public static long millisOf(String id) {
        int dash = id == null ? -1 : id.indexOf('-');
        if (dash < 1 || dash > 19) {
            return -1;
        }
        try {
            return Long.parseLong(id.substring(0, dash));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Bytes of the output the model did not see (kept in the blob, or cut by the limit). */
    @JsonProperty("kept_out_bytes")
    public long keptOutBytes() {
        return Math.max(0, toolBytes - historyBytes);
    }

    public LedgerEntry withTokens(int tokens) {
        return new LedgerEntry(id, tenant, at, kind, tool, callId, status, disposition, toolBytes, historyBytes, tokens, blobId, blobKind,
                blobCount, answer);
    }

    /** The same without the answer: what a list of calls shows. */
    public LedgerEntry withoutAnswer() {
        return new LedgerEntry(id, tenant, at, kind, tool, callId, status, disposition, toolBytes, historyBytes, historyTokens, blobId,
                blobKind, blobCount, null);
    }
}
