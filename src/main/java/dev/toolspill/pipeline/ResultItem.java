package dev.toolspill.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.toolspill.blob.BlobInfo;

import java.time.Instant;

/** One result as it goes into history, in the shape of the design's result item. */
public record ResultItem(
        @JsonProperty("call_id") String callId,
        String tool,
        Status status,
        String output,
        Blob blob,
        Truncated truncated) {

    public enum Status { ok, error }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Blob(String id, String kind, long bytes, Long lines, Long entries, Long keys, Instant created) {
        static Blob of(BlobInfo info) {
            if (info == null) {
                return null;
            }
            Long count = info.count();
            return switch (info.kind()) {
                case TEXT -> new Blob(info.id().toString(), info.kind().label(), info.bytes(), count, null, null, info.created());
                case JSON_ARRAY -> new Blob(info.id().toString(), info.kind().label(), info.bytes(), null, count, null, info.created());
                case JSON_OBJECT -> new Blob(info.id().toString(), info.kind().label(), info.bytes(), null, null, count, info.created());
            };
        }
    }

    public record Truncated(@JsonProperty("dropped_bytes") long droppedBytes, @JsonProperty("blob_id") String blobId) {
    }

    public static ResultItem ok(String callId, String tool, Admitted admitted) {
        Truncated truncated = admitted.truncated() == null ? null
                : new Truncated(admitted.truncated().droppedBytes(),
                        admitted.truncated().blobId() == null ? null : admitted.truncated().blobId().toString());
        return new ResultItem(callId, tool, Status.ok, admitted.output(), Blob.of(admitted.blob()), truncated);
    }

    public static ResultItem error(String callId, String tool, String message) {
        return new ResultItem(callId, tool, Status.error, message, null, null);
    }
}
