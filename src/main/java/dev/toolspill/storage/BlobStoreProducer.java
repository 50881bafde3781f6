package dev.toolspill.storage;

import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobLayout;
import dev.toolspill.blob.KnownRecords;
import dev.toolspill.blob.Journal;
import dev.toolspill.blob.Leases;
import dev.toolspill.blob.NoBlobStore;
import dev.toolspill.blob.StoreKind;
import dev.toolspill.blob.StoreLayers;
import dev.toolspill.blob.WriteProbe;
import dev.toolspill.blob.fs.FsBlobStore;
import dev.toolspill.blob.fs.FsJournal;
import dev.toolspill.blob.fs.FsLeases;
import dev.toolspill.blob.fs.FsWriteProbe;
import dev.toolspill.blob.s3.S3BlobStore;
import dev.toolspill.blob.s3.S3Journal;
import dev.toolspill.blob.spool.Spool;
import dev.toolspill.blob.spool.SpoolingBlobStore;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.metrics.Telemetry;
import dev.toolspill.quota.SharedQuotas;
import io.quarkus.logging.Log;
import io.quarkus.runtime.StartupEvent;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Duration;

/**
 * Chooses the store from {@code toolspill.blob-store.type}: the one place that knows the backends exist. It lives
 * outside {@code blob} so that {@code blob} never imports its own sub-packages (they import it).
 */
@ApplicationScoped
public class BlobStoreProducer {

    @Produces
    @Singleton
    BlobStore blobStore(ToolspillConfig config, Instance<FsBlobStore> fs, Instance<S3BlobStore> s3, Spool spool, Vertx vertx,
                        Telemetry telemetry, KnownRecords known) {
        BlobStore store = switch (config.blobStore().type()) {
            case fs -> fs.get();
            case s3 -> s3.get();
            case none -> NoBlobStore.INSTANCE;
        };
        if (!kind(config).keepsBlobs()) {
            Log.info("Blob store: none (outputs stay inline, only the limit applies)");
            return store;
        }
        Log.infof("Blob store: %s at %s%s", config.blobStore().type(), store.location(),
                config.blobStore().dedup() ? " (the same bytes of a tenant are one blob)" : "");
        BlobStore layered = StoreLayers.around(store, config.blobStore().timeout(), telemetry, known);
        BlobStore front = config.blobStore().dedup() ? StoreLayers.deduplicating(layered, config.retention().maxAge(), telemetry) : layered;
        ToolspillConfig.BlobStore.Retry retry = config.blobStore().retry();
        return new SpoolingBlobStore(front, layered, spool, vertx,
                new SpoolingBlobStore.Retry(retry.attempts(), retry.backoff(), config.blobStore().timeout()));
    }

    /** Which store there is, as a value: what callers read to decide whether an output can be kept in full. */
    @Produces
    @Singleton
    StoreKind kind(ToolspillConfig config) {
        return switch (config.blobStore().type()) {
            case none -> StoreKind.NONE;
            case fs, s3 -> StoreKind.keeping(config.blobStore().type().name());
        };
    }

    /**
     * Where replicas take leases on work one of them at a time does (retention sweeps): in the shared Redis when
     * {@code toolspill.limits.shared.url} is set (SET NX PX; with it unreachable every replica may), else in the shared
     * store itself (a file created only if absent, or an S3 PUT with {@code If-None-Match: *}); with no store, no lease.
     */
    @Produces
    @Singleton
    Leases leases(ToolspillConfig config, Instance<S3BlobStore> s3, SharedQuotas shared, Vertx vertx) {
        if (shared.on()) {
            Log.info("Leases (one retention sweeper at a time): in the shared Redis");
            return shared::lease;
        }
        Leases leases = switch (config.blobStore().type()) {
            case fs -> new FsLeases(config.blobStore().fs().root(), vertx, Clock.systemUTC());
            case s3 -> s3.get().leases();
            case none -> Leases.EVERYONE;
        };
        if (leases != Leases.EVERYONE) {
            Log.infof("Leases (one retention sweeper at a time): in the %s store, under %s/", config.blobStore().type(), BlobLayout.LEASES);
        }
        return leases;
    }

    /** Where the call ledger keeps its batches: in the same store as the blobs, under {@code ledger/}; with no store, nowhere. */
    @Produces
    @Singleton
    Journal journal(ToolspillConfig config, Instance<S3Journal> s3, Vertx vertx) {
        return switch (config.blobStore().type()) {
            case fs -> new FsJournal(config.blobStore().fs().root(), vertx);
            case s3 -> s3.get();
            case none -> Journal.NONE;
        };
    }

    /** What readiness asks of the store: with the filesystem store, whether this process can write its folder. */
    @Produces
    @Singleton
    WriteProbe writeProbe(ToolspillConfig config) {
        java.nio.file.Path root = config.blobStore().fs().root();
        return config.blobStore().type() == ToolspillConfig.StoreType.fs ? () -> FsWriteProbe.problem(root) : WriteProbe.NONE;
    }

    /** Says at start-up, once and plainly, when the store cannot take writes. */
    void checkAtStartup(@Observes StartupEvent event, BlobStore store) {
        if (store instanceof SpoolingBlobStore spooling) {
            spooling.startDraining();
        }
        store.prepare().ifNoItem().after(Duration.ofSeconds(10)).fail().subscribe().with(
                ok -> Log.debugf("Blob store %s is ready", store.location()),
                failure -> Log.errorf("Blob store %s is not ready: %s (/q/health/well says DOWN until it is; outputs of tools run here are spooled meanwhile)",
                        store.location(), failure.getMessage()));
    }
}
