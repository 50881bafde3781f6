package dev.toolspill.blob;

import java.time.Instant;

/**
 * What a store knows of a blob without reading it for the caller: its kind, size in bytes,
 * and count of lines (text), entries (JSON array) or keys (JSON object).
 */
public record BlobInfo(BlobId id, BlobKind kind, long bytes, long count, Instant created) {

    /** The object or file name, relative to the store root: {@code blobs/<uuid>.txt|json}. */
    public String key() {
        return key(id, kind);
    }

    public static String key(BlobId id, BlobKind kind) {
        return "blobs/" + id + "." + kind.extension();
    }
}
