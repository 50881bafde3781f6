package dev.toolspill.retention;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import io.smallrye.mutiny.Uni;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/**
 * One pass of retention over a store: removes the blobs made longer ago than {@code maxAge} (by the time in their
 * id), with what is kept beside them, then the unfinished writes begun longer ago than {@code unfinishedMaxAge}.
 * Several replicas may sweep one store at once: every removal tolerates a name already gone, and only names older
 * than the cutoffs are touched, so what a replica is writing now is never in reach.
 */
public final class RetentionSweep {

    /** What a pass removed: ids (a blob, or an index left without its blob), unfinished writes and ledger batches. */
    public record Result(long ids, int unfinished, long ledgerBatches) {
        public Result(long ids, int unfinished) {
            this(ids, unfinished, 0);
        }
    }

    /** No ledger to sweep. */
    private static final Function<Instant, Uni<Long>> NO_LEDGER = cutoff -> Uni.createFrom().item(0L);

    private final BlobStore store;
    private final Function<BlobId, Uni<Void>> remove;
    private final Optional<Duration> maxAge;
    private final Duration unfinishedMaxAge;
    private final int concurrency;
    private final Function<Instant, Uni<Long>> ledger;

    public RetentionSweep(BlobStore store, Function<BlobId, Uni<Void>> remove, Optional<Duration> maxAge,
                          Duration unfinishedMaxAge, int concurrency) {
        this(store, remove, maxAge, unfinishedMaxAge, concurrency, NO_LEDGER);
    }

    /** As above, also removing the ledger's batches older than {@code maxAge} with {@code ledger} (given the cutoff). */
    public RetentionSweep(BlobStore store, Function<BlobId, Uni<Void>> remove, Optional<Duration> maxAge,
                          Duration unfinishedMaxAge, int concurrency, Function<Instant, Uni<Long>> ledger) {
        this.ledger = ledger;
        this.store = store;
        this.remove = remove;
        this.maxAge = maxAge;
        this.unfinishedMaxAge = unfinishedMaxAge;
        this.concurrency = concurrency;
    }

    /** What a pass removes, for the start-up log. */
    String describe() {
        return maxAge.map(age -> "blobs older than " + age + " are deleted").orElse("blobs are kept for good")
                + "; unfinished writes older than " + unfinishedMaxAge + " are removed";
    }

    /** Sweeps as of {@code now}. The first failure ends the pass; the next one starts over from the oldest names. */
    public Uni<Result> run(Instant now) {
        Uni<Long> old = maxAge.map(age -> removeBefore(now.minus(age))).orElseGet(() -> Uni.createFrom().item(0L));
        Uni<Long> batches = maxAge.map(age -> ledger.apply(now.minus(age))).orElseGet(() -> Uni.createFrom().item(0L));
        return old.flatMap(ids -> store.removeUnfinished(now.minus(unfinishedMaxAge))
                .flatMap(unfinished -> batches.map(removed -> new Result(ids, unfinished, removed))));
    }

    private Uni<Long> removeBefore(Instant cutoff) {
        return store.idsBefore(cutoff)
                .onItem().transformToUni(id -> remove.apply(id).replaceWith(id))
                .merge(concurrency)
                .collect().with(java.util.stream.Collectors.counting());
    }
}
