package dev.toolspill.retention;

import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.StoreKind;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.quota.SharedQuotas;
import io.quarkus.logging.Log;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Vertx;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Sweeps the store on this replica every {@code toolspill.retention.interval}, on a Vert.x timer: old blobs when
 * {@code toolspill.retention.max-age} is set, unfinished writes always. The timer only starts a pass, on a worker
 * thread; its store calls run on worker threads (filesystem) or the S3 client's own, never blocking the event loop. A pass still
 * running when the next is due is not doubled; replicas sweeping at once are safe ({@link RetentionSweep}).
 */
@ApplicationScoped
public class Retention {

    private final BlobStore store;
    private final StoreKind kind;
    private final Vertx vertx;
    private final RetentionSweep sweep;
    private final ToolspillConfig.Retention settings;
    private final AtomicBoolean running = new AtomicBoolean();
    private final SharedQuotas leases;
    private long timer = -1;

    public Retention(BlobStore store, StoreKind kind, BlobRemover remover, ToolspillConfig config, Vertx vertx, SharedQuotas leases) {
        this.leases = leases;
        this.settings = config.retention();
        if (settings.unfinishedMaxAge().compareTo(config.ingest().stallTimeout()) <= 0) {
            throw new IllegalArgumentException("toolspill.retention.unfinished-max-age (" + settings.unfinishedMaxAge()
                    + ") must be longer than toolspill.ingest.stall-timeout (" + config.ingest().stallTimeout()
                    + "), or uploads still in progress would be removed");
        }
        this.store = store;
        this.kind = kind;
        this.vertx = vertx;
        this.sweep = new RetentionSweep(store, remover::remove, settings.maxAge(), settings.unfinishedMaxAge(), settings.concurrency());
    }

    void start(@Observes StartupEvent event) {
        if (!kind.keepsBlobs()) {
            return;
        }
        long every = settings.interval().toMillis();
        // the timer only starts a pass, on a worker: even the first S3 call's set-up (class loading, signing) stays off the event loop
        // one replica a pass when a Redis is shared (SharedQuotas.lease), held a little less than the interval so the
        // next tick of any replica may take it; without one every replica sweeps, which is safe (RetentionSweep)
        Duration held = Duration.ofMillis(Math.max(1, every - every / 10));
        timer = vertx.setPeriodic(every, every, id -> leases.lease("retention-sweep", held)
                .flatMap(mine -> mine ? sweep().runSubscriptionOn(Infrastructure.getDefaultWorkerPool()) : Uni.createFrom().item(Optional.empty()))
                .subscribe().with(done -> { }, failure -> { }));
        Log.infof("Retention: every %s, %s; unfinished writes older than %s are removed", settings.interval(),
                settings.maxAge().map(age -> "blobs older than " + age + " are deleted").orElse("blobs are kept for good"),
                settings.unfinishedMaxAge());
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
        if (result.ids() > 0 || result.unfinished() > 0) {
            Log.infof("Retention: removed %d old blobs (or indexes left without one) and %d unfinished writes",
                    result.ids(), result.unfinished());
        }
    }
}
