package dev.toolspill.blob;

import dev.toolspill.tenant.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.security.MessageDigest;
import java.util.Optional;

/**
 * Who may read a blob, asked on every read: a tenant reads only the blobs it owns (by the owner in the blob's
 * {@link BlobRecord}); a blob without an owner (written with authentication off, or before owners were recorded) is
 * readable only with authentication off. Another tenant's blob is refused exactly as a blob that does not exist, so
 * an id tells a tenant nothing of blobs it does not own. Records this replica knows ({@link KnownRecords}: those it
 * wrote or read lately) answer an allowed read without a store call; what is checked against them is the caller of
 * each read.
 */
@ApplicationScoped
public class BlobAccess {

    private final BlobStore store;
    private final KnownRecords known;

    /** {@code store} is the replica's store, which tells {@code known} what it writes and reads. */
    @Inject
    public BlobAccess(BlobStore store, KnownRecords known) {
        this.store = store;
        this.known = known;
    }

    /** Access to any other store (a test's, a tool's): records are known here once read. */
    public static BlobAccess over(BlobStore store) {
        KnownRecords known = new KnownRecords(10_000);
        return new BlobAccess(new RecordKeepingBlobStore(store, known), known);
    }

    /**
     * The blob's record (empty for a blob that has none) when {@code caller} may read it; else fails with
     * {@link BlobNotFoundException}, as for an id never stored.
     */
    public Uni<Optional<BlobRecord>> check(Caller caller, BlobId id) {
        // without a store, its readRecord fails with NoBlobStoreException: nothing here needs to know
        Optional<BlobRecord> record = known.get(id);
        if (record.isPresent() && caller.mayRead(record.get().owner())) {
            return Uni.createFrom().item(record);
        }
        // not known here, or known and refused: the store is asked either way, so a refusal takes as long as an
        // unknown id does (answered from memory it would be much faster, telling that the blob exists)
        boolean heldHere = store.heldHere(id);
        return store.readRecord(id).flatMap(found -> {
            if (caller.mayRead(found.map(BlobRecord::owner).orElse(null))) {
                return Uni.createFrom().item(found);
            }
            // a blob held here (spooled) was read from this replica's disk, which an unknown id never is: the store
            // is asked about an id never stored, so the refusal takes as long and fails as an unknown id does (while
            // the store is down a quick 404 would single out another tenant's spooled blob among the 503s)
            Uni<Optional<BlobRecord>> asUnknown = heldHere ? store.readRecord(BlobId.random()) : Uni.createFrom().item(Optional.empty());
            return asUnknown.onItem().failWith(() -> new BlobNotFoundException(id));
        });
    }

    /** What {@link #verify} found: the recorded digest and size against what the store holds now. */
    public record Verification(BlobId id, String sha256, long bytes, boolean ok, String actualSha256) {
    }

    /**
     * Reads the whole blob (streamed, in bounded memory) and checks it against its record: ok when its size and
     * SHA-256 are those recorded when it was written. A blob without a record is never ok: nothing vouches for it.
     */
    public Uni<Verification> verify(Caller caller, BlobId id) {
        return check(caller, id).flatMap(record -> store.metadata(id).flatMap(blob -> store.stream(id, new ByteRange(0, blob.bytes()))
                .collect().in(BlobRecord::newDigest, (digest, chunk) -> digest.update(chunk.getDelegate().getByteBuf().nioBuffer()))
                .map(MessageDigest::digest)
                .map(digest -> {
                    String actual = BlobRecord.hex(digest);
                    boolean ok = record.map(r -> r.sha256().equals(actual) && r.bytes() == blob.bytes()).orElse(false);
                    return new Verification(id, record.map(BlobRecord::sha256).orElse(null), blob.bytes(), ok, ok ? null : actual);
                })));
    }
}
