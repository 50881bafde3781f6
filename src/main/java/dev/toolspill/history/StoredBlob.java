package dev.toolspill.history;

import dev.toolspill.blob.BlobId;
import dev.toolspill.scan.BlobKind;

import java.time.Instant;

/**
 * A blob as a result item reports it: what it holds, its size, and its count of lines, entries or keys.
 * {@code spooled}: kept in this replica's spool while the shared store is down, uploaded when it returns.
 * {@code repeat}: the tenant had stored these bytes before, and the blob is that earlier one (content addressing).
 */
public record StoredBlob(BlobId id, BlobKind kind, long bytes, long count, boolean spooled, boolean repeat) {

    public StoredBlob(BlobId id, BlobKind kind, long bytes, long count, boolean spooled) {
        this(id, kind, bytes, count, spooled, false);
    }

    public StoredBlob(BlobId id, BlobKind kind, long bytes, long count) {
        this(id, kind, bytes, count, false);
    }

    /** When the blob was made: the time inside its UUID version 7. */
    public Instant created() {
        return id.created();
    }
}
