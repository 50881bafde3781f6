package dev.toolspill.blob;

/**
 * What a store can tell of a blob without reading it: its format and size in bytes. Cheap to get
 * (a file stat, an S3 HEAD), so every HTTP read of a blob may ask for it.
 */
public record BlobMetadata(BlobId id, BlobFormat format, long bytes) {

    public BlobMetadata {
        if (bytes < 0) {
            throw new IllegalArgumentException("a blob has bytes >= 0, got " + bytes);
        }
    }

    public String name() {
        return BlobLayout.blob(id, format);
    }
}
