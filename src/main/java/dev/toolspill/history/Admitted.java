package dev.toolspill.history;

import dev.toolspill.blob.BlobId;

/**
 * One output as it enters history: the text the model sees, the blob that holds the full content
 * (if one was stored), how much the limit dropped (if it cut), and the selector that reads the next part of a
 * selection ({@code next}, null when there is none).
 */
public record Admitted(String output, StoredBlob blob, Truncation truncated, String next) {

    public Admitted(String output, StoredBlob blob, Truncation truncated) {
        this(output, blob, truncated, null);
    }

    public record Truncation(long droppedBytes, BlobId blobId) {
    }
}
