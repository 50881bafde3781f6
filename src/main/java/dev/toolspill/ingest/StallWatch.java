package dev.toolspill.ingest;

import dev.toolspill.config.ToolspillConfig;
import io.vertx.core.Vertx;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Watches the bodies being read for stalls ({@code toolspill.ingest.stall-timeout}) with one timer for all of them,
 * so a watch costs an upload nothing but a set entry.
 */
@ApplicationScoped
public class StallWatch {

    /** A body being read: stalls itself when it has waited for its sender, and got nothing, since {@code before}. */
    interface Watched {
        void checkSince(long before);
    }

    private final Vertx vertx;
    private final long stallNanos;
    private final long timer;
    private final Set<Watched> active = ConcurrentHashMap.newKeySet();

    public StallWatch(Vertx vertx, ToolspillConfig config) {
        this.vertx = vertx;
        this.stallNanos = config.ingest().stallTimeout().toNanos();
        long every = Math.max(50, config.ingest().stallTimeout().toMillis() / 4);
        this.timer = vertx.setPeriodic(every, id -> sweep());
    }

    void watch(Watched body) {
        active.add(body);
    }

    void done(Watched body) {
        active.remove(body);
    }

    /** Bodies watched now (tests: none is left behind). */
    int watching() {
        return active.size();
    }

    private void sweep() {
        long before = System.nanoTime() - stallNanos;
        active.forEach(body -> body.checkSince(before));
    }

    @PreDestroy
    void stop() {
        vertx.cancelTimer(timer);
    }
}
