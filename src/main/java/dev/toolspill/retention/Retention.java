package dev.toolspill.retention;

import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.Leases;
import dev.toolspill.blob.StoreKind;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.ledger.LedgerReads;
import io.quarkus.logging.Log;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Vertx;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Sweeps the store on this replica every {@code toolspill.retention.interval}, on a Vert.x timer: old blobs when
 * {@code toolspill.retention.max-age} is set, unfinished writes always. The timer only starts a pass, on a worker
 * thread; its store calls run on worker threads (filesystem) or the S3 client's own, never blocking the event loop. A pass still
 * running when the next is due is not doubled. Each tick first takes the lease {@value #LEASE} for nine tenths of the
 * interval ({@link Leases}: in the shared Redis, else in the shared store), and only its holder sweeps, so N replicas
 * sweep once an interval. A lease the store cannot give (down, or no answer within {@code toolspill.blob-store.timeout})
 * skips this tick: the sweep needs that store too, and the next tick asks again. (A lease in Redis with Redis
 * unreachable is given to every replica.) Replicas sweeping at once are safe anyway ({@link RetentionSweep}).
 */
@ApplicationScoped
public class Retention {

    /** The lease each tick takes; only its holder sweeps. */
    static final String LEASE = "retention-sweep";

    private final BlobStore store;
    private final StoreKind kind;
    private final Vertx vertx;
    private final RetentionSweep sweep;
    private final Duration interval;
    /** What start-up says of the settings. */
    private final String plan;
    private final AtomicBoolean running = new AtomicBoolean();
    private final Leases leases;
    private final Duration leaseTimeout;
    private final AtomicBoolean leaseFailing = new AtomicBoolean();
    private long timer = -1;

    @Inject
    public Retention(BlobStore store, StoreKind kind, BlobRemover remover, ToolspillConfig config, Vertx vertx, Leases leases,
                     LedgerReads ledger) {
        this(store, kind, new RetentionSweep(store, remover::remove, config.retention().maxAge(), config.retention().unfinishedMaxAge(),
                config.retention().concurrency(), ledger::removeBefore), config.retention().interval(), config.blobStore().timeout(), vertx, leases);
    }

    Retention(BlobStore store, StoreKind kind, RetentionSweep sweep, Duration interval, Duration leaseTimeout, Vertx vertx, Leases leases) {
        this.store = store;
        this.kind = kind;
        this.sweep = sweep;
        this.interval = interval;
        this.plan = "every " + interval + ", " + sweep.describe();
        this.leaseTimeout = leaseTimeout;
        this.vertx = vertx;
        this.leases = leases;
    }

    void start(@Observes StartupEvent event) {
        if (!kind.keepsBlobs()) {
            return;
        }
        long every = interval.toMillis();
        // the timer only starts a pass, on a worker: even the first S3 call's set-up (class loading, signing) stays off the event loop
        timer = vertx.setPeriodic(every, every, id -> tick().subscribe().with(done -> { }, failure -> { }));
        Log.infof("Retention: %s", plan);
    }

    /**
     * One tick of the timer: the lease, held a little less than the interval so that the next tick of any replica may
     * take it, then a pass on a worker if this replica holds it; empty when it does not, or a pass is running here.
     */
    Uni<Optional<RetentionSweep.Result>> tick() {
        long every = interval.toMillis();
        Duration held = Duration.ofMillis(Math.max(1, every - every / 10));
        return Uni.createFrom().deferred(() -> leases.take(LEASE, held))
                .ifNoItem().after(leaseTimeout).fail()
                .invoke(ignored -> {
                    if (leaseFailing.getAndSet(false)) {
                        Log.infof("Retention: the sweep lease can be taken again in %s", store.location());
                    }
                })
                .onFailure().recoverWithItem(failure -> {
                    if (!leaseFailing.getAndSet(true)) {
                        Log.warnf("Retention: no sweep lease from %s (%s): sweeps are skipped until it answers", store.location(), failure.getMessage());
                    }
                    return false;
                })
                .flatMap(mine -> mine ? sweep().runSubscriptionOn(Infrastructure.getDefaultWorkerPool()) : Uni.createFrom().item(Optional.empty()));
    }

    @PreDestroy
    void stop() {
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
    }

    /** One pass now; empty when a pass is already running on this replica. A failure is logged, and the next pass retries. */
    public Uni<Optional<RetentionSweep.Result>> sweep() {
        return Uni.createFrom().deferred(() -> {
            if (!running.compareAndSet(false, true)) {
                return Uni.createFrom().item(Optional.<RetentionSweep.Result>empty());
            }
            return sweep.run(Instant.now())
                    .invoke(Retention::log)
                    .onFailure().invoke(e -> Log.warnf("Retention: a sweep of %s stopped: %s (the next one retries)", store.location(), e.getMessage()))
                    .onTermination().invoke(() -> running.set(false))
                    .map(Optional::of);
        });
    }

    private static void log(RetentionSweep.Result result) {
        if (result.ids() > 0 || result.unfinished() > 0 || result.ledgerBatches() > 0) {
            Log.infof("Retention: removed %d old blobs (or indexes left without one), %d unfinished writes and %d ledger batches",
                    result.ids(), result.unfinished(), result.ledgerBatches());
        }
    }
}
