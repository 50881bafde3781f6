package dev.toolspill.scan;

import dev.toolspill.blob.BlobStoreException;

/** What a reader found in a blob does not agree with its read index: the index is distrusted and rebuilt. */
public class IndexMismatchException extends BlobStoreException {

    public IndexMismatchException(String what) {
        super("the blob does not match its read index (" + what + "); it will be rebuilt, retry shortly", null);
    }
}
