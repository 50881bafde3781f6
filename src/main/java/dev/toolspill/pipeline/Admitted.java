package dev.toolspill.pipeline;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobInfo;

/**
 * One output as it enters history: the text the model sees, the blob that holds the full content
 * (if one was stored), and how much the limit dropped (if it cut).
 */
public record Admitted(String output, BlobInfo blob, Truncation truncated) {

    public record Truncation(long droppedBytes, BlobId blobId) {
    }
}
