package dev.toolspill.scan;

/** What one pass over an output found: its kind, size, the shape a summary shows, and its read index. */
public record Scan(BlobKind kind, long bytes, Shape shape, ReadIndex index) {

    /** Lines, entries or keys, as {@link BlobKind#unit()} says. */
    public long count() {
        return index.count();
    }
}
