package dev.toolspill.blob;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.toolspill.tenant.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.security.MessageDigest;
import java.time.Duration;
import java.util.Optional;

/**
 * Who may read a blob, asked on every read: a tenant reads only the blobs it owns (by the owner in the blob's
 * {@link BlobRecord}); a blob without an owner (written with authentication off, or before owners were recorded) is
 * readable only with authentication off. Another tenant's blob is refused exactly as a blob that does not exist, so
 * an id tells a tenant nothing of blobs it does not own. Records never change under an id, so found ones are kept
 * (bounded) for the next reads; what is checked against them is the caller of each read.
 */
@ApplicationScoped
public class BlobAccess {

    private final BlobStore store;
    private final Cache<BlobId, BlobRecord> records = Caffeine.newBuilder().maximumSize(50_000)
            .expireAfterAccess(Duration.ofMinutes(10)).build();

    public BlobAccess(BlobStore store) {
        this.store = store;
    }

    /**
     * The blob's record (empty for a blob that has none) when {@code caller} may read it; else fails with
     * {@link BlobNotFoundException}, as for an id never stored.
     */
    public Uni<Optional<BlobRecord>> check(Caller caller, BlobId id) {
        if (!store.available()) {
            return Uni.createFrom().failure(new NoBlobStoreException());
        }
        BlobRecord known = records.getIfPresent(id);
        if (known != null && caller.mayRead(known.owner())) {
            return Uni.createFrom().item(Optional.of(known));
        }
        // not known here, or known and refused: the store is asked either way, so a refusal takes as long as an
        // unknown id does (answered from the cache it would be much faster, telling that the blob exists)
        return store.readRecord(id).invoke(found -> found.ifPresent(r -> records.put(id, r))).map(found -> {
            if (!caller.mayRead(found.map(BlobRecord::owner).orElse(null))) {
                throw new BlobNotFoundException(id);
            }
            return found;
        });
    }

    /** After a removal: the record is gone with the blob. */
    public void forget(BlobId id) {
        records.invalidate(id);
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
