package dev.toolspill.health;

import dev.toolspill.blob.WriteProbe;
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

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * This replica is ready only while it can write its store ({@link WriteProbe}: with the filesystem store, create,
 * write, fsync and remove a file), proved at start-up and every {@code toolspill.blob-store.fs.probe-interval} on a worker thread;
 * readiness reads the last answer and never waits on the disk. A folder this process cannot write is a mistake of
 * the deployment, not an outage (which the spool covers for S3): every upload would fail, so the replica leaves
 * the Service, and the log says which folder, which user id and how to fix it. The answer itself names no path.
 */
@Readiness
@ApplicationScoped
public class StoreWritableReadiness implements HealthCheck {

    static final String NAME = "store-writable";

    private final WriteProbe probe;
    private final long every;
    private final Vertx vertx;
    private final AtomicReference<Optional<String>> problem = new AtomicReference<>(Optional.empty());
    private long timer = -1;

    @jakarta.inject.Inject
    public StoreWritableReadiness(WriteProbe probe, ToolspillConfig config, Vertx vertx) {
        this(probe, config.blobStore().fs().probeInterval().toMillis(), vertx);
    }

    StoreWritableReadiness(WriteProbe probe, long every, Vertx vertx) {
        this.probe = probe;
        this.every = every;
        this.vertx = vertx;
    }

    void start(@Observes StartupEvent event) {
        if (probe != WriteProbe.NONE) {
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
        Optional<String> found = probe.problem();
        Optional<String> before = problem.getAndSet(found);
        if (found.isPresent() && !found.equals(before)) { // a new cause (read-only, then full) is said too, once
            Log.error(found.get());
        } else if (found.isEmpty() && before.isPresent()) {
            Log.info("The store can be written again: this replica is ready");
        }
    }

    @Override
    public HealthCheckResponse call() {
        if (problem.get().isEmpty()) {
            return HealthCheckResponse.named(NAME).up().build();
        }
        return HealthCheckResponse.named(NAME).down()
                .withData("reason", "this process cannot write the store; the log says why and how to fix it")
                .build();
    }
}
