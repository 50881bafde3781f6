package dev.toolspill.blob;

/**
 * Which store this replica has, chosen once at start-up from {@code toolspill.blob-store.type}: a value, so that callers
 * deciding whether an output can be kept in full read it instead of asking the store. With {@link #NONE} nothing is
 * stored: outputs stay inline under the limit, and every read of a blob fails with {@link NoBlobStoreException}.
 */
public record StoreKind(String name, boolean keepsBlobs) {

    /** {@code toolspill.blob-store.type=none}. */
    public static final StoreKind NONE = new StoreKind("none", false);

    /** A store that keeps blobs, named as its type is ({@code fs}, {@code s3}). */
    public static StoreKind keeping(String name) {
        return new StoreKind(name, true);
    }
}
