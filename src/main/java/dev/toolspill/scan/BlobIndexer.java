package dev.toolspill.scan;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.metrics.Telemetry;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one place that keeps, finds and builds read indexes. An index is trusted only when it matches the blob it
 * describes (size and format); otherwise, or when there is none, the blob is scanned once as a stream, in bounded
 * memory and on a worker thread, and the new index is kept beside it. Verified indexes are cached, bounded by
 * their weight in bytes.
 */
@Startup // settings it cannot honour fail start-up, not the first read
@ApplicationScoped
public class BlobIndexer {

    /** Chunks of a blob being scanned that may wait for the scanner: the memory of one scan stays small. */
    private static final int SCAN_BUFFER_CHUNKS = 4;

    private final BlobStore store;
    private final ScanSettings settings;
    private final ReadIndexCodec codec;
    private final Cache<BlobId, ReadIndex> cache;
    private final Map<BlobId, Uni<ReadIndex>> loading = new ConcurrentHashMap<>();
    private final LoadSlots loads;
    private final Map<BlobId, Uni<Void>> writing = new ConcurrentHashMap<>();
    private final java.util.Set<BlobId> distrusted = ConcurrentHashMap.newKeySet();

    private final Telemetry telemetry;

    @Inject
    public BlobIndexer(BlobStore store, ScanSettings settings, ObjectMapper mapper, ToolspillConfig config, Telemetry telemetry) {
        this(store, settings, mapper, config.inspect().indexCacheBytes(), config.inspect().maxConcurrentIndexLoads(),
                config.inspect().indexLoadQueue(), config.blobStore().timeout(), telemetry);
    }

    public BlobIndexer(BlobStore store, ScanSettings settings, ObjectMapper mapper, long cacheBytes) {
        this(store, settings, mapper, cacheBytes, 4, 256, Duration.ofSeconds(30));
    }

    public BlobIndexer(BlobStore store, ScanSettings settings, ObjectMapper mapper, long cacheBytes, int maxLoads, int queue,
                       Duration wait) {
        this(store, settings, mapper, cacheBytes, maxLoads, queue, wait, Telemetry.NONE);
    }

    private BlobIndexer(BlobStore store, ScanSettings settings, ObjectMapper mapper, long cacheBytes, int maxLoads, int queue,
                        Duration wait, Telemetry telemetry) {
        this.telemetry = telemetry;
        this.loads = new LoadSlots(maxLoads, queue, wait);
        this.store = store;
        this.settings = settings;
        this.codec = new ReadIndexCodec(mapper);
        this.cache = Caffeine.newBuilder()
                .maximumWeight(cacheBytes)
                .weigher((BlobId id, ReadIndex index) -> (int) Math.min(Integer.MAX_VALUE, index.weight()))
                .build();
    }

    /**
     * Keeps the index of a blob just written. A blob without one still reads right, so a failure is only logged.
     * Until the write ends, {@link #settled} waits for it: a removal then never races a write it would miss.
     */
    public Uni<Void> keep(BlobId id, ReadIndex index) {
        Uni<Void> write = Uni.createFrom().item(() -> {
                    cache.put(id, index); // readers on this replica need not wait for the write
                    return codec.encode(index);
                })
                .flatMap(bytes -> store.putIndex(id, bytes))
                .onFailure().invoke(e -> Log.warnf("Could not keep the read index of blob %s (reads will scan it): %s", id, e.toString()))
                .onFailure().recoverWithNull()
                .onTermination().invoke(() -> writing.remove(id))
                .memoize().indefinitely();
        writing.put(id, write);
        return write;
    }

    /** Completes once no index write of this replica for the blob is under way. */
    public Uni<Void> settled(BlobId id) {
        Uni<Void> write = writing.get(id);
        return write == null ? Uni.createFrom().voidItem() : write;
    }

    /** Drops what this replica keeps of a removed blob's index, so a reader finds the blob gone rather than its index. */
    public void forget(BlobId id) {
        cache.invalidate(id);
    }

    /**
     * The blob's index: cached, or loaded and checked against the blob, or built by scanning the blob. Readers of
     * one blob that arrive together share one load: an index is read, decoded or built once, not once per request.
     */
    public Uni<ReadIndex> indexOf(BlobId id) {
        ReadIndex cached = cache.getIfPresent(id);
        if (cached != null) {
            return Uni.createFrom().item(cached);
        }
        return Uni.createFrom().deferred(() -> loading.computeIfAbsent(id, key -> fetch(key)
                .onTermination().invoke(() -> loading.remove(key))
                .memoize().indefinitely()));
    }

    /**
     * Loads (or builds) an index that is not cached. At most {@code max-concurrent-index-loads} run at once, each
     * holding at most one index being decoded or one scan's memory; past that, loads wait their turn (at most
     * {@code index-load-queue} of them, each at most one store deadline), then a reader is told to retry shortly.
     */
    private Uni<ReadIndex> fetch(BlobId id) {
        if (distrusted.remove(id)) {
            return loads.run(() -> store.metadata(id).flatMap(this::build)).invoke(index -> cache.put(id, index));
        }
        return loads.run(() -> store.metadata(id).flatMap(blob -> load(blob)
                        .flatMap(found -> found.isPresent() ? loaded(found.get()) : build(blob))))
                .invoke(index -> cache.put(id, index));
    }

    private Uni<ReadIndex> loaded(ReadIndex index) {
        telemetry.indexLoad("store");
        return Uni.createFrom().item(index);
    }

    /** A reader found the blob does not agree with its index: the next read rebuilds it by scanning the blob. */
    public void distrust(BlobId id) {
        Log.warnf("Blob %s does not match its read index: rebuilding it on the next read", id);
        distrusted.add(id);
        cache.invalidate(id);
    }

    /** Decoding an index is real work for a large object: it runs on a worker thread, never on the event loop. */
    private Uni<Optional<ReadIndex>> load(BlobMetadata blob) {
        return store.readIndex(blob.id())
                .emitOn(Infrastructure.getDefaultWorkerPool())
                .map(bytes -> bytes.flatMap(found -> decode(blob, found)))
                .onFailure().recoverWithItem(failure -> {
                    Log.debugf("No usable read index for %s: %s", blob.id(), failure);
                    return Optional.empty();
                });
    }

    private Optional<ReadIndex> decode(BlobMetadata blob, byte[] bytes) {
        try {
            ReadIndex index = codec.decode(bytes);
            if (index.bytes() == blob.bytes() && index.kind().format() == blob.format()) {
                return Optional.of(index);
            }
            Log.warnf("The read index of blob %s describes %d bytes of %s, the blob has %d bytes of %s: rebuilding it",
                    blob.id(), index.bytes(), index.kind().format(), blob.bytes(), blob.format());
        } catch (IOException e) {
            Log.warnf("The read index of blob %s is unreadable (%s): rebuilding it", blob.id(), e.getMessage());
        }
        return Optional.empty();
    }

    /** Scans the whole blob once, as a stream, in bounded memory and on a worker thread, and keeps the index it yields. */
    private Uni<ReadIndex> build(BlobMetadata blob) {
        telemetry.indexLoad("scan");
        return scan(blob);
    }

    private Uni<ReadIndex> scan(BlobMetadata blob) {
        StreamScanner scanner = new StreamScanner(settings, blob.format() == BlobFormat.JSON, ReadIndex.EVERY);
        return store.stream(blob.id(), new ByteRange(0, blob.bytes()))
                .emitOn(Infrastructure.getDefaultWorkerPool(), SCAN_BUFFER_CHUNKS)
                .invoke(chunk -> scanner.feed(chunk.getBytes(), 0, chunk.length()))
                .collect().last()
                .map(ignored -> scanner.finish())
                .onFailure(InvalidOutputException.class).transform(e -> new BlobStoreException("blob " + blob.id()
                        + " does not hold what its name says: " + e.getMessage(), e))
                .map(scan -> check(blob, scan))
                .flatMap(scan -> keep(blob.id(), scan.index()).replaceWith(scan.index()));
    }

    private static Scan check(BlobMetadata blob, Scan scan) {
        if (scan.bytes() != blob.bytes()) {
            throw new BlobStoreException("blob " + blob.id() + " changed while it was read: " + scan.bytes()
                    + " bytes read of " + blob.bytes(), null);
        }
        return scan;
    }
}
