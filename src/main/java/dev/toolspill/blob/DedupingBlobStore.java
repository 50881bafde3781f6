package dev.toolspill.blob;

import dev.toolspill.metrics.Telemetry;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Content-addressed blobs per tenant: bytes a tenant already stored are answered with the blob that holds them, so the
 * same output gets the same id, and hence the same summary, cut and marker, and nothing new stays in the store.
 * <p>
 * Every write makes its blob visible first, then claims the blob's content key ({@link BlobLayout#contentKey}: the
 * tenant, the SHA-256 already computed while writing, and the period its id was made in) with a create that only one
 * writer can win ({@link BlobStore#createKey}: S3 {@code If-None-Match: *}, a hard link on the filesystem). So a key
 * only ever names a blob that is whole and visible: there is no moment when it names nothing. The writer that created
 * the key keeps its blob. A writer that finds the key checks the blob it names: if it is still there, of the same owner
 * and bytes (its record says), and young enough, the writer removes the blob it just wrote and answers with the one
 * named; two replicas storing the same bytes at once thus end with one blob and one id.
 * <p>
 * Renewal: retention removes a blob by the time in its id ({@code toolspill.retention.max-age}), so keys are per
 * period of max-age/2 (the period of the writer's id, which is made before its bytes are written). A key of a period
 * names a blob made in it, so the blob lives for max-age/2 at least after the period ends: an id handed out is never
 * about to expire. A new period starts a new key, created, never replaced, so renewal is as race-safe as the first
 * write, and the same bytes get the same id (and answer) for as long as one period, max-age/2 at most. Without
 * retention there is one key for good.
 * <p>
 * A key whose blob is gone (a removal cut short before it removed the key) or too old (a write that took longer than
 * a period) is replaced, on the condition that it still is what was read ({@link BlobStore#replaceKey}: S3
 * {@code If-Match}, a rename aside on the filesystem), and the writer keeps its blob; when another writer changed the
 * key first, it starts over with what is there now, a few times at most. This rare path is as atomic as the backend's
 * conditional replace: AWS S3 and MinIO check {@code If-Match} atomically; S3Proxy over its filesystem backend checks
 * it before the write, so two writers replacing the same stale key at once may both win and keep a blob each (two ids
 * for the same bytes: never a wrong answer). Removing a blob removes its key when the key names it (read, then
 * removed: a replacement made in between is removed too, which costs the next write of those bytes a new blob, never
 * a wrong answer). Anything failing on the way (a key that cannot be read or written) leaves the write as it was
 * without deduplication: the new blob, its own id.
 * <p>
 * Tenants: the key's folder is the tenant's, so whether a write hits depends on what that tenant stored alone, never on
 * another tenant's data, and its cost (one key create, plus a record read and a HEAD on a hit) is the same for all.
 */
final class DedupingBlobStore extends ForwardingBlobStore {

    /** Rounds of claim and replace a write tries before it keeps its own blob: each lost round means another writer won one. */
    private static final int ATTEMPTS = 16;

    /** The operation a failed key read or write counts under in {@code toolspill_store_errors_total}. */
    static final String CONTENT_KEY = "content-key";

    /** The longest wait between two rounds. */
    private static final Duration MAX_WAIT = Duration.ofMillis(200);

    /** Half of retention's max-age: the period of a key, and the age from which a blob is not handed out again; null: no retention. */
    private final Duration period;

    private final Telemetry telemetry;

    DedupingBlobStore(BlobStore store, Optional<Duration> maxAge, Telemetry telemetry) {
        super(store);
        this.telemetry = telemetry;
        this.period = maxAge.map(age -> age.dividedBy(2)).filter(half -> half.toMillis() > 0).orElse(null);
    }

    /** The content key of a blob of these bytes and this owner whose id is {@code id}. */
    private String keyOf(BlobRecord record, BlobId id) {
        long epoch = period == null ? -1 : Math.max(0, id.created().toEpochMilli()) / period.toMillis();
        return BlobLayout.contentKey(record.owner(), record.sha256(), epoch);
    }

    @Override
    public Uni<BlobMetadata> putRecorded(BlobId id, BlobFormat format, byte[] bytes, BlobRecord record) {
        return existing(record, id).onFailure().recoverWithItem(Optional.empty())
                .flatMap(found -> found.isPresent() ? Uni.createFrom().item(found.get())
                        : store.putRecorded(id, format, bytes, record).flatMap(made -> settle(made, record)));
    }

    /** The live blob the key of these bytes names (for a blob of id {@code id}); counted as a repeat when there is one. */
    private Uni<Optional<BlobMetadata>> existing(BlobRecord record, BlobId id) {
        return store.readKey(keyOf(record, id))
                .flatMap(found -> found.isEmpty() ? Uni.createFrom().item(Optional.<BlobMetadata>empty()) : live(found.get(), record))
                .invoke(found -> found.ifPresent(blob -> telemetry.deduplicated(record.bytes())));
    }

    @Override
    public BlobUpload upload(BlobId id, BlobFormat guess, String owner) {
        return new RepeatAware(store.upload(id, guess, owner), id);
    }

    /**
     * A streamed write that looks its content key up before it commits: a repeat whose blob is live is dropped
     * uncommitted (no completion, record, index or removal afterwards: one key read, one record read and one HEAD) and
     * answered with that blob. Anything else commits and claims the key as {@link #settle} does, which still settles
     * a race with a writer of the same bytes committing at the same moment.
     */
    private final class RepeatAware extends ForwardingBlobUpload {
        private final BlobUpload settling;
        private final BlobId id;
        private volatile BlobRecord repeated;

        RepeatAware(BlobUpload upload, BlobId id) {
            super(upload);
            this.settling = BlobUpload.thenOnCommit(upload, DedupingBlobStore.this::settle);
            this.id = id;
        }

        @Override
        public Uni<BlobMetadata> commit(BlobFormat format) {
            return upload.recordSoFar().flatMap(record -> record.isEmpty() ? Uni.createFrom().item(Optional.<BlobMetadata>empty())
                            : existing(record.get(), id).invoke(found -> found.ifPresent(blob -> repeated = record.get())))
                    .onFailure().recoverWithItem(Optional.empty())
                    .flatMap(found -> found.isEmpty() ? settling.commit(format) : upload.abort().replaceWith(found.get()));
        }

        @Override
        public BlobRecord record() {
            BlobRecord kept = repeated;
            return kept != null ? kept : upload.record();
        }
    }

    /** The blob {@code made} just became visible: what the write answers, that blob or the one the key names. */
    private Uni<BlobMetadata> settle(BlobMetadata made, BlobRecord record) {
        String key = keyOf(record, made.id());
        byte[] value = BlobLayout.blob(made.id(), made.format()).getBytes(StandardCharsets.UTF_8);
        return claim(made, record, key, value, ATTEMPTS).onFailure().recoverWithItem(failure -> {
            // the write still succeeds, so only the store-error count says that repeats are being stored again
            telemetry.storeFailed(CONTENT_KEY);
            Log.debugf("Blob %s is kept without its content key: %s", made.id(), failure.toString());
            return made;
        });
    }

    private Uni<BlobMetadata> claim(BlobMetadata made, BlobRecord record, String key, byte[] value, int attempts) {
        return store.createKey(key, value).flatMap(found -> found.isEmpty() ? Uni.createFrom().item(made)
                : resolve(made, record, key, value, found.get(), attempts));
    }

    private Uni<BlobMetadata> resolve(BlobMetadata made, BlobRecord record, String key, byte[] value, StoredKey found, int attempts) {
        return live(found, record).flatMap(existing -> {
            if (existing.isPresent()) {
                if (existing.get().id().equals(made.id())) {
                    return Uni.createFrom().item(made);
                }
                // the answer is the existing blob; one we fail to remove is an orphan retention removes in time
                telemetry.deduplicated(record.bytes());
                return store.delete(made.id()).onFailure().recoverWithNull().replaceWith(existing.get());
            }
            // a lost round means another writer is replacing the key: wait a little (twice as long each round, up to
            // MAX_WAIT: about 2 s in all, room for a replacer slowed down by a loaded machine), then look again
            return store.replaceKey(key, value, found).flatMap(replaced -> replaced || attempts <= 1 ? Uni.createFrom().item(made)
                    : Uni.createFrom().voidItem().onItem().delayIt().by(waitBefore(ATTEMPTS - attempts + 1))
                    .flatMap(ignored -> claim(made, record, key, value, attempts - 1)));
        });
    }

    /** The wait before round {@code round} (1 for the second) of claim and replace: 2, 4, 8 ... ms, at most {@link #MAX_WAIT}. */
    static Duration waitBefore(int round) {
        return Duration.ofMillis(Math.min(MAX_WAIT.toMillis(), 1L << Math.min(round, 20)));
    }

    /** The blob a key names, when it still has the bytes of {@code record}, of its owner, and may be handed out again. */
    private Uni<Optional<BlobMetadata>> live(StoredKey found, BlobRecord record) {
        Optional<BlobId> named = named(found);
        if (named.isEmpty() || (period != null && named.get().created().isBefore(Instant.now().minus(period)))) {
            return Uni.createFrom().item(Optional.empty());
        }
        BlobId id = named.get();
        return store.readRecord(id).flatMap(kept -> kept.filter(r -> Objects.equals(r.owner(), record.owner())
                        && r.sha256().equals(record.sha256()) && r.bytes() == record.bytes()).isEmpty()
                ? Uni.createFrom().item(Optional.<BlobMetadata>empty())
                : store.metadata(id).map(Optional::of).onFailure(BlobNotFoundException.class).recoverWithItem(Optional.empty()));
    }

    /** The id a key's value ({@code blobs/<uuid>.<ext>}) names; empty for a value that is not one. */
    private static Optional<BlobId> named(StoredKey found) {
        String text = new String(found.value(), StandardCharsets.UTF_8);
        return text.startsWith(BlobLayout.BLOBS + "/") ? BlobLayout.idOf(text) : Optional.empty();
    }

    /** The blob, then its content key if the key still names it (the record, read first, says which key is its). */
    @Override
    public Uni<Void> delete(BlobId id) {
        return store.readRecord(id).onFailure().recoverWithItem(Optional.empty())
                .flatMap(record -> store.delete(id).chain(() -> record.map(r -> forgetKey(id, r)).orElseGet(() -> Uni.createFrom().voidItem())));
    }

    private Uni<Void> forgetKey(BlobId id, BlobRecord record) {
        String key = keyOf(record, id);
        return store.readKey(key)
                .flatMap(found -> found.flatMap(DedupingBlobStore::named).filter(id::equals).isPresent() ? store.deleteKey(key)
                        : Uni.createFrom().voidItem())
                // a key left behind names a blob that is gone: the next write of those bytes replaces it
                .onFailure().recoverWithNull();
    }
}
