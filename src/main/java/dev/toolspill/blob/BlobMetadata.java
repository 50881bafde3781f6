package dev.toolspill.blob;

/**
 * What a store can tell of a blob without reading its content: its kind and size in bytes. Unlike
 * {@link BlobInfo} it has no count of lines, entries or keys, so it is cheap to get (a file stat, an S3 HEAD)
 * and can be asked for on every HTTP read of a blob.
 */
public record BlobMetadata(BlobId id, BlobKind kind, long bytes) {

    public BlobMetadata {
        if (bytes < 0) {
            throw new IllegalArgumentException("a blob has bytes >= 0, got " + bytes);
        }
    }

    /** The object or file name, relative to the store root: {@code blobs/<uuid>.txt|json}. */
    public String key() {
        return BlobInfo.key(id, kind);
    }
}
