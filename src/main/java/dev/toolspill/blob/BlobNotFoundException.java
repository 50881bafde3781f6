package dev.toolspill.blob;

/** No blob with this id exists in the store. */
public class BlobNotFoundException extends RuntimeException {
    private final BlobId id;

    public BlobNotFoundException(BlobId id) {
        super("no blob " + id + " in the store: use the id from a summary's [blob:<id>] line");
        this.id = id;
    }

    public BlobId id() {
        return id;
    }
}
