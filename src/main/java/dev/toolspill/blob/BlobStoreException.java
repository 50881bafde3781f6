package dev.toolspill.blob;

/** The store could not do what was asked (I/O error, unreachable, refused). */
public class BlobStoreException extends RuntimeException {

    /** What a caller is told to wait before it retries a call the store failed (HTTP Retry-After, the inspect tool's message). */
    public static final int RETRY_AFTER_SECONDS = 5;

    public BlobStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
