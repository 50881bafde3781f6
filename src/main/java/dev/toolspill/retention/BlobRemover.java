package dev.toolspill.retention;

import dev.toolspill.blob.BlobAccess;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobNotFoundException;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.scan.BlobIndexer;
import dev.toolspill.tenant.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** The one way a blob leaves: from the store, with what is kept beside it, and from this replica's caches. */
@ApplicationScoped
public class BlobRemover {

    private final BlobStore store;
    private final BlobIndexer indexer;
    private final BlobAccess access;

    public BlobRemover(BlobStore store, BlobIndexer indexer, BlobAccess access) {
        this.store = store;
        this.indexer = indexer;
        this.access = access;
    }

    /**
     * {@code DELETE /v1/blobs/{id}}: fails with {@link BlobNotFoundException} when there is no such blob, or when it
     * is not {@code caller}'s to remove (another tenant's), alike.
     */
    public Uni<Void> removeExisting(Caller caller, BlobId id) {
        return access.check(caller, id).flatMap(readable -> store.metadata(id)).flatMap(blob -> remove(id));
    }

    /**
     * Removes whatever is kept under the id; no error when it is already gone (another replica's sweep, a retry). An
     * index this replica is still writing for the blob (ingest answers before its index is kept) is waited for first,
     * so it is removed too rather than written after.
     */
    public Uni<Void> remove(BlobId id) {
        return indexer.settled(id)
                .chain(() -> store.delete(id))
                .invoke(() -> indexer.forget(id));
    }
}
