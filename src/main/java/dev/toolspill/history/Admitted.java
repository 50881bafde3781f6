package dev.toolspill.history;

import dev.toolspill.blob.BlobId;

/**
 * One output as it enters history: the text the model sees, the blob that holds the full content
 * (if one was stored), how much the limit dropped (if it cut), and the selector that reads the next part of a
 * selection ({@code next}, null when there is none). {@code unstored}: the full output should have been kept and
 * could not be (the store was down and the spool full, or there was no room for it): only the limit guarded it.
 */
public record Admitted(String output, StoredBlob blob, Truncation truncated, String next, boolean unstored) {

    public Admitted(String output, StoredBlob blob, Truncation truncated) {
        this(output, blob, truncated, null, false);
    }

    public Admitted(String output, StoredBlob blob, Truncation truncated, String next) {
        this(output, blob, truncated, next, false);
    }

    public record Truncation(long droppedBytes, BlobId blobId) {
    }
}
