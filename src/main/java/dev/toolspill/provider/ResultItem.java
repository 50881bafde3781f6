package dev.toolspill.provider;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.toolspill.history.Admitted;
import dev.toolspill.history.StoredBlob;
import dev.toolspill.pipeline.CallResult;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.time.Instant;
import java.util.Map;

/**
 * One result as the HTTP API, the {@code Toolspill-Results} header and MCP's structured content report it: the design's
 * result item, as JSON. {@code next} is there only when the output is one part of a longer selection: the selector
 * that reads the part after it. {@code disposition} is the label of {@link dev.toolspill.history.Disposition}.
 */
public record ResultItem(
        @JsonProperty("call_id") String callId,
        String tool,
        Status status,
        String output,
        Blob blob,
        Truncated truncated,
        @JsonInclude(JsonInclude.Include.NON_NULL) String next,
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = "What became of an ok output: kept inline; stored as a blob; spooled, a blob kept by this replica until"
                + " the shared store returns; truncated, what history holds was cut by the limit (the full output is in the blob when"
                + " there is one); unstored, cut by the limit because the full output could be kept nowhere (store down, spool full)",
                enumeration = {"inline", "stored", "spooled", "truncated", "unstored"})
        String disposition,
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = "Credentials replaced by [redacted:kind] before the output was stored or shown, counted by kind;"
                + " absent when there were none", example = "{\"aws-access-key-id\": 1}")
        Map<String, Integer> redacted) {

    public enum Status { ok, error }

    public ResultItem(String callId, String tool, Status status, String output, Blob blob, Truncated truncated, String next) {
        this(callId, tool, status, output, blob, truncated, next, null, null);
    }

    /** {@code spooled} is there (true) only for a blob this replica keeps until the shared store returns. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Blob(String id, String kind, long bytes, Long lines, Long entries, Long keys, Instant created, Boolean spooled) {
        public Blob(String id, String kind, long bytes, Long lines, Long entries, Long keys, Instant created) {
            this(id, kind, bytes, lines, entries, keys, created, null);
        }

        static Blob of(StoredBlob info) {
            if (info == null) {
                return null;
            }
            Long count = info.count();
            Boolean spooled = info.spooled() ? Boolean.TRUE : null;
            return switch (info.kind()) {
                case TEXT -> new Blob(info.id().toString(), info.kind().label(), info.bytes(), count, null, null, info.created(), spooled);
                case JSON_ARRAY -> new Blob(info.id().toString(), info.kind().label(), info.bytes(), null, count, null, info.created(), spooled);
                case JSON_OBJECT -> new Blob(info.id().toString(), info.kind().label(), info.bytes(), null, null, count, info.created(), spooled);
            };
        }
    }

    public record Truncated(@JsonProperty("dropped_bytes") long droppedBytes, @JsonProperty("blob_id") String blobId) {
    }

    public static ResultItem of(CallResult result) {
        return result.error() ? error(result.callId(), result.tool(), result.admitted()) : ok(result.callId(), result.tool(), result.admitted());
    }

    public static ResultItem ok(String callId, String tool, Admitted admitted) {
        return new ResultItem(callId, tool, Status.ok, admitted.output(), Blob.of(admitted.blob()), truncated(admitted), admitted.next(),
                admitted.disposition().label(), admitted.redacted().orNull());
    }

    /** An error message as the limit let it into history; {@code truncated} says when the limit cut it. */
    public static ResultItem error(String callId, String tool, Admitted message) {
        return new ResultItem(callId, tool, Status.error, message.output(), null, truncated(message), null, null,
                message.redacted().orNull());
    }

    private static Truncated truncated(Admitted admitted) {
        Admitted.Truncation cut = admitted.truncated();
        return cut == null ? null : new Truncated(cut.droppedBytes(), cut.blobId() == null ? null : cut.blobId().toString());
    }
}
