package dev.toolspill.history;

import dev.toolspill.blob.BlobId;
import dev.toolspill.scan.BlobKind;

import java.time.Instant;

/** A blob as a result item reports it: what it holds, its size, and its count of lines, entries or keys. */
public record StoredBlob(BlobId id, BlobKind kind, long bytes, long count) {

    /** When the blob was made: the time inside its UUID version 7. */
    public Instant created() {
        return id.created();
    }
}
