package dev.toolspill.blob;

/** A blob whose bytes do not match the SHA-256 recorded when it was written: reading it again will not help. */
public class BlobDamagedException extends BlobStoreException {

    public BlobDamagedException(BlobId id) {
        super("blob " + id + " is damaged: its bytes do not match the SHA-256 recorded when it was written", null);
    }
}
