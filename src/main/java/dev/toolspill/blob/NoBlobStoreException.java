package dev.toolspill.blob;

/** A blob was asked for while no store is configured. */
public class NoBlobStoreException extends RuntimeException {
    public NoBlobStoreException() {
        super("no blob store is configured (toolspill.blob-store.type=none), so no blob can be read: outputs stay inline");
    }
}
