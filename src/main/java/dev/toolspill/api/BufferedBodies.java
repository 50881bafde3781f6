package dev.toolspill.api;

import dev.toolspill.config.ToolspillConfig;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The replica-wide budget of bodies read whole into memory ({@code toolspill.pipeline.buffered-bytes-budget}):
 * each is admitted with its Content-Length before a byte is read and given back when its answer ends. Each body is
 * capped on its own ({@code toolspill.pipeline.max-body-bytes}), but nothing else bounded how many were held at
 * once: 40 concurrent 16 MB batches, or 30 concurrent 8 MB MCP messages, ran a 256 MiB heap out of memory. With
 * authentication on, one tenant holds at most {@code toolspill.ingest.tenant-share} of the budget, or one body when
 * that share is smaller than a body, so one tenant's slow senders cannot take it all.
 */
@ApplicationScoped
public class BufferedBodies {

    private final long budget;
    private final AtomicLong held = new AtomicLong();
    private final Map<String, AtomicLong> byTenant = new ConcurrentHashMap<>();

    @jakarta.inject.Inject
    public BufferedBodies(ToolspillConfig config) {
        this(config.pipeline().bufferedBytesBudgetIn(Runtime.getRuntime().maxMemory()));
    }

    BufferedBodies(long budget) {
        this.budget = budget;
    }

    /** Takes {@code bytes} of the budget, or false when they do not fit beside what is held now. */
    public boolean tryTake(long bytes) {
        while (true) {
            long now = held.get();
            if (now + bytes > budget) {
                return false;
            }
            if (held.compareAndSet(now, now + bytes)) {
                return true;
            }
        }
    }

    public void giveBack(long bytes) {
        held.addAndGet(-bytes);
    }

    /**
     * Takes {@code bytes} for {@code tenant}, whose share is {@code share} of the budget (1: no share of its own); a
     * tenant that holds nothing may always take one body that fits the budget.
     */
    public boolean tryTake(String tenant, double share, long bytes) {
        AtomicLong mine = byTenant.computeIfAbsent(tenant, t -> new AtomicLong());
        long limit = (long) (share * budget);
        while (true) {
            long now = mine.get();
            if (share < 1 && now > 0 && now + bytes > limit) {
                return false;
            }
            if (mine.compareAndSet(now, now + bytes)) {
                break;
            }
        }
        if (tryTake(bytes)) {
            return true;
        }
        mine.addAndGet(-bytes);
        return false;
    }

    public void giveBack(String tenant, long bytes) {
        byTenant.get(tenant).addAndGet(-bytes);
        giveBack(bytes);
    }

    public long budget() {
        return budget;
    }

    public long held() {
        return held.get();
    }
}
