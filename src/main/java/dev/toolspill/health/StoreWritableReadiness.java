package dev.toolspill.health;

import dev.toolspill.blob.fs.FsWriteProbe;
import dev.toolspill.config.ToolspillConfig;
import io.quarkus.logging.Log;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Vertx;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * With the filesystem store, this replica is ready only while it can write there ({@link FsWriteProbe}: create, write,
 * fsync, remove), proved at start-up and every {@code toolspill.blob-store.fs.probe-interval} on a worker thread;
 * readiness reads the last answer and never waits on the disk. A folder this process cannot write is a mistake of
 * the deployment, not an outage (which the spool covers for S3): every upload would fail, so the replica leaves
 * the Service, and the log says which folder, which user id and how to fix it. The answer itself names no path.
 */
@Readiness
@ApplicationScoped
public class FsStoreReadiness implements HealthCheck {

    static final String NAME = "store-writable";

    private final boolean fs;
    private final Path root;
    private final long every;
    private final Vertx vertx;
    private final AtomicReference<Optional<String>> problem = new AtomicReference<>(Optional.empty());
    private long timer = -1;

    @jakarta.inject.Inject
    public FsStoreReadiness(ToolspillConfig config, Vertx vertx) {
        this(config.blobStore().type() == ToolspillConfig.StoreType.fs, config.blobStore().fs().root(),
                config.blobStore().fs().probeInterval().toMillis(), vertx);
    }

    FsStoreReadiness(boolean fs, Path root, long every, Vertx vertx) {
        this.fs = fs;
        this.root = root;
        this.every = every;
        this.vertx = vertx;
    }

    void start(@Observes StartupEvent event) {
        if (fs) {
            probe(); // before the first readiness answer is asked for: the folder is known unwritable from the start
            timer = vertx.setPeriodic(every, id -> Infrastructure.getDefaultWorkerPool().execute(this::probe));
        }
    }

    @PreDestroy
    void stop() {
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
    }

    void probe() {
        Optional<String> found = FsWriteProbe.problem(root);
        Optional<String> before = problem.getAndSet(found);
        if (found.isPresent() && !found.equals(before)) { // a new cause (read-only, then full) is said too, once
            Log.error(found.get());
        } else if (found.isEmpty() && before.isPresent()) {
            Log.infof("The filesystem store at %s can be written again: this replica is ready", root.toAbsolutePath().normalize());
        }
    }

    @Override
    public HealthCheckResponse call() {
        if (problem.get().isEmpty()) {
            return HealthCheckResponse.named(NAME).up().build();
        }
        return HealthCheckResponse.named(NAME).down()
                .withData("reason", "this process cannot write the filesystem store's folder; the log says why and how to fix it")
                .build();
    }
}
