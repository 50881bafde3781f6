package dev.toolspill.blob;

/** The store could not do what was asked (I/O error, unreachable, refused, full). */
public class BlobStoreException extends RuntimeException {

    /** What a caller is told to wait before it retries a call the store failed (HTTP Retry-After, the inspect tool's message). */
    public static final int RETRY_AFTER_SECONDS = 5;

    /** What a caller is told to wait when the disk is full: space comes back when an operator or retention frees it, not in seconds. */
    public static final int DISK_FULL_RETRY_AFTER_SECONDS = 60;

    /** Words of the operating system, and of the store's own floor, for a disk with no room left. */
    private static final String[] DISK_FULL = {"No space left on device", "Disk quota exceeded", "toolspill.blob-store.fs.min-free-bytes"};

    public BlobStoreException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * An output the store could not take, so nothing of it was kept: a full disk is named, so that its sender can tell
     * an operator what to fix; any other cause stays in the replica's log.
     */
    public static BlobStoreException notStored(Throwable cause) {
        return new BlobStoreException(diskFull(cause)
                ? "its disk is full (no space left, or less free than toolspill.blob-store.fs.min-free-bytes), so nothing of this output was kept"
                : "it could not take this output now, so nothing of it was kept (see the replica's log)", cause);
    }

    /** How long a caller should wait before it retries after {@code failure}. */
    public static int retryAfterSeconds(Throwable failure) {
        return diskFull(failure) ? DISK_FULL_RETRY_AFTER_SECONDS : RETRY_AFTER_SECONDS;
    }

    /** Whether {@code failure} or one of its causes says the disk has no room left. */
    public static boolean diskFull(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            for (String words : DISK_FULL) {
                if (t.getMessage() != null && t.getMessage().contains(words)) {
                    return true;
                }
            }
        }
        return false;
    }
}
