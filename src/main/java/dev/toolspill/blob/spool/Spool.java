package dev.toolspill.blob.spool;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.blob.Outage;
import dev.toolspill.blob.fs.FsBlobStore;
import dev.toolspill.config.ToolspillConfig;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * This replica's local holding place for outputs of tools it ran while the shared store could not take them: a
 * filesystem store of its own under {@code toolspill.spool.dir} (same layout, same atomic temp-and-rename writes), at
 * most {@code toolspill.spool.max-bytes}. A blob is spooled under its final id, so its summary never changes; the
 * {@link SpoolDrainer} uploads it when the store answers again. It also keeps what this replica last saw of the
 * shared store ({@link #storeDown()}), so that while the store is down an output goes to the spool at once instead
 * of waiting a store deadline first. A spooled blob keeps its record (owner, SHA-256) like any stored one, and the
 * drainer uploads it with the same owner.
 */
@Singleton
public class Spool implements Outage {

    private final FsBlobStore files;
    private final long maxBytes;
    private final Duration retryInterval;
    private final Map<BlobId, BlobMetadata> held = new ConcurrentHashMap<>();
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicBoolean storeDown = new AtomicBoolean();

    @Inject
    public Spool(ToolspillConfig config, Vertx vertx) {
        this(config.spool().dir(), config.spool().maxBytes(), config.spool().retryInterval(), vertx);
    }

    Spool(java.nio.file.Path dir, long maxBytes, Duration retryInterval, Vertx vertx) {
        this.files = new FsBlobStore(dir, vertx);
        this.maxBytes = maxBytes;
        this.retryInterval = retryInterval;
    }

    /** Keeps the bytes under the blob's id; empty when they do not fit in what is left of the spool. */
    public Uni<Optional<BlobMetadata>> put(BlobId id, BlobFormat format, byte[] content, String owner) {
        if (!reserve(content.length)) {
            return Uni.createFrom().item(Optional.empty());
        }
        return files.put(id, format, content, owner)
                .invoke(meta -> held.put(id, meta))
                .onFailure().invoke(() -> bytes.addAndGet(-content.length))
                .map(Optional::of);
    }

    /** A blob written to the spool from a stream; a write fails with an IOException once it outgrows what is left. */
    public BlobUpload upload(BlobId id, BlobFormat guess, String owner) {
        return new SpoolUpload(files.upload(id, guess, owner), this);
    }

    boolean reserve(long n) {
        long now = bytes.addAndGet(n);
        if (now > maxBytes) {
            bytes.addAndGet(-n);
            return false;
        }
        return true;
    }

    void release(long n) {
        bytes.addAndGet(-n);
    }

    void committed(BlobMetadata meta) {
        held.put(meta.id(), meta);
    }

    /** Whether this replica holds the blob, not yet uploaded. */
    public boolean holds(BlobId id) {
        return held.containsKey(id);
    }

    /** The spool's files: reads of a held blob are served from here. */
    public BlobStore files() {
        return files;
    }

    /** Held blobs, oldest first: the order they are uploaded in. */
    List<BlobMetadata> held() {
        return held.values().stream().sorted(Comparator.comparing(meta -> meta.id().created())).toList();
    }

    /** Forgets an uploaded blob: reads go to the shared store from now on. Its files are removed by the caller. */
    void uploaded(BlobMetadata meta) {
        if (held.remove(meta.id()) != null) {
            bytes.addAndGet(-meta.bytes());
        }
    }

    /** Drops a held blob and its files (it was removed, or it is uploaded and nobody reads it here any more). */
    Uni<Void> remove(BlobId id) {
        BlobMetadata meta = held.remove(id);
        if (meta != null) {
            bytes.addAndGet(-meta.bytes());
        }
        return files.delete(id);
    }

    /** Picks up what an earlier run of this replica spooled and did not upload (the spool survives a restart). */
    Uni<Integer> load() {
        Multi<BlobMetadata> found = files.idsBefore(Instant.now().plus(Duration.ofDays(1)))
                .onItem().transformToUniAndConcatenate(id -> files.metadata(id).onFailure().recoverWithNull());
        return found.filter(meta -> meta != null && !held.containsKey(meta.id()))
                .invoke(meta -> {
                    held.put(meta.id(), meta);
                    bytes.addAndGet(meta.bytes());
                })
                .collect().with(java.util.stream.Collectors.counting()).map(Long::intValue);
    }

    /** Bytes held now, for metrics and health. */
    @Override
    public long bytes() {
        return bytes.get();
    }

    /** Blobs held now. */
    @Override
    public int count() {
        return held.size();
    }

    /** When the oldest held blob was made, if any is held. */
    @Override
    public Optional<Instant> oldest() {
        return held.keySet().stream().map(BlobId::created).min(Comparator.naturalOrder());
    }

    @Override
    public long maxBytes() {
        return maxBytes;
    }

    public Duration retryInterval() {
        return retryInterval;
    }

    /** Whether the last word this replica had of the shared store was a failure (a write, or the drainer's check). */
    @Override
    public boolean storeDown() {
        return storeDown.get();
    }

    /** Records how the shared store last answered. */
    @Override
    public void storeAnswered(boolean ok) {
        storeDown.set(!ok);
    }
}
