package dev.toolspill.blob;

/** The store could not do what was asked (I/O error, unreachable, refused). */
public class BlobStoreException extends RuntimeException {
    public BlobStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
