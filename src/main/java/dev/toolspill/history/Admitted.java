package dev.toolspill.history;

import dev.toolspill.blob.BlobId;

/**
 * One output as it enters history: the text the model sees, the blob that holds the full content
 * (if one was stored), and how much the limit dropped (if it cut).
 */
public record Admitted(String output, StoredBlob blob, Truncation truncated) {

    public record Truncation(long droppedBytes, BlobId blobId) {
    }
}
