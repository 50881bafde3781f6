package dev.toolspill.blob;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.toolspill.config.ToolspillConfig;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.util.Optional;

/**
 * Records of blobs this replica wrote or read lately. A record never changes under its id, so what is kept stays
 * true until the blob is removed. The usual read is of an output just stored here (the model inspects what a tool
 * returned), and its record is known from the write: no store call is needed to learn whose it is. Bounded by
 * {@code toolspill.blob-store.known-records} entries, each dropped ten minutes after its last use.
 */
@Singleton
public class KnownRecords {

    private final Cache<BlobId, BlobRecord> records;

    @Inject
    public KnownRecords(ToolspillConfig config) {
        this(config.blobStore().knownRecords());
    }

    public KnownRecords(int maximum) {
        this.records = Caffeine.newBuilder().maximumSize(maximum).expireAfterAccess(Duration.ofMinutes(10)).build();
    }

    public Optional<BlobRecord> get(BlobId id) {
        return Optional.ofNullable(records.getIfPresent(id));
    }

    void remember(BlobId id, BlobRecord record) {
        records.put(id, record);
    }

    void forget(BlobId id) {
        records.invalidate(id);
    }
}
