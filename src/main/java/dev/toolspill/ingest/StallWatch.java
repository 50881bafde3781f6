package dev.toolspill.ingest;

import dev.toolspill.config.ToolspillConfig;
import io.vertx.core.Vertx;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.InputStream;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Watches the bodies being read for stalls ({@code toolspill.ingest.stall-timeout}) with one timer for all of them,
 * so a watch costs a request nothing but a set entry.
 */
@ApplicationScoped
public class StallWatch {

    private final Vertx vertx;
    private final long stallNanos;
    private final long timer;
    private final Set<StallGuard> active = ConcurrentHashMap.newKeySet();

    public StallWatch(Vertx vertx, ToolspillConfig config) {
        this.vertx = vertx;
        this.stallNanos = config.ingest().stallTimeout().toNanos();
        long every = Math.max(50, config.ingest().stallTimeout().toMillis() / 4);
        this.timer = vertx.setPeriodic(every, id -> sweep());
    }

    /** Watches {@code body}; {@code onStall} runs once if it stalls. Close the guard when done with the body. */
    public StallGuard guard(InputStream body, Runnable onStall) {
        StallGuard guard = new StallGuard(body, this, onStall);
        active.add(guard);
        return guard;
    }

    void done(StallGuard guard) {
        active.remove(guard);
    }

    private void sweep() {
        long before = System.nanoTime() - stallNanos;
        active.forEach(guard -> guard.checkSince(before));
    }

    @PreDestroy
    void stop() {
        vertx.cancelTimer(timer);
    }
}
