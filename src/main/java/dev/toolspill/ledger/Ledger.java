package dev.toolspill.ledger;

import dev.toolspill.blob.Journal;
import dev.toolspill.blob.StoreKind;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.metrics.Telemetry;
import io.quarkus.logging.Log;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Vertx;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The write side of the call ledger: {@link #record} writes an entry as a JSON line ({@link LedgerLines}) straight into
 * the pending batch of its tenant and hour, in memory (no I/O on the call's path; one of a few stripes, picked by the
 * thread, so that event loops do not wait for each other, and nothing of the entry is kept but its bytes), and every
 * {@code toolspill.ledger.flush-interval}, or as soon as {@code batch-bytes} wait, the queue is written as one object
 * per tenant and hour ({@link LedgerLayout}), on a worker thread. So a busy replica makes
 * about {@code tenants / flush-interval} store requests, not one a call. What waits is bounded by
 * {@code max-pending-bytes}: an entry past it is dropped, counted ({@code toolspill_ledger_dropped_total}) and logged.
 * A batch the store refuses is dropped the same way (the ledger is a record, not the outputs themselves). On with a
 * blob store unless {@code toolspill.ledger.enabled=false}. A singleton, not application-scoped: each call reaches it
 * three times, and a client proxy looked the instance up each time (about a tenth of the ledger's samples in a profile).
 */
@Singleton
public class Ledger {

    private final Journal journal;
    private final boolean on;
    private final Duration interval;
    private final long batchBytes;
    private final long maxPending;
    private final Clock clock;
    private final Telemetry telemetry;
    private final Stripe[] stripes;
    private final AtomicLong pending = new AtomicLong();
    private final AtomicBoolean flushing = new AtomicBoolean();
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private final AtomicBoolean overflowing = new AtomicBoolean();
    private final AtomicLong batches = new AtomicLong();
    private final String replica = UUID.randomUUID().toString().substring(0, 8);
    private Vertx vertx;
    private long timer = -1;

    @Inject
    public Ledger(Journal journal, StoreKind kind, ToolspillConfig config, Telemetry telemetry, Vertx vertx) {
        this(journal, kind.keepsBlobs() && config.ledger().enabled(), config.ledger().flushInterval(), config.ledger().batchBytes(),
                config.ledger().maxPendingBytes(), Clock.systemUTC(), telemetry);
        this.vertx = vertx;
    }

    public Ledger(Journal journal, boolean on, Duration interval, long batchBytes, long maxPending, Clock clock, Telemetry telemetry) {
        this.journal = journal;
        this.on = on;
        this.interval = interval;
        this.batchBytes = batchBytes;
        this.maxPending = maxPending;
        this.clock = clock;
        this.telemetry = telemetry;
        this.stripes = new Stripe[Math.max(4, 2 * Runtime.getRuntime().availableProcessors())];
        for (int i = 0; i < stripes.length; i++) {
            stripes[i] = new Stripe();
        }
    }

    /** Whether entries are kept. */
    public boolean on() {
        return on;
    }

    /** The time an entry recorded now has. */
    public Instant now() {
        return clock.instant();
    }

    /**
     * Writes an entry into its pending batch; returns at once. Past {@code max-pending-bytes} the entry is dropped
     * (counted, logged once until what waits is written).
     */
    public void record(LedgerEntry entry) {
        if (!on) {
            return;
        }
        Stripe stripe = stripes[(int) (Thread.currentThread().getId() % stripes.length)];
        synchronized (stripe) {
            LedgerLines line = stripe.lines.write(entry);
            long size = line.size();
            if (pending.addAndGet(size) > maxPending) {
                pending.addAndGet(-size);
                dropped();
                return;
            }
            stripe.add(entry.tenant(), Math.floorDiv(entry.at().getEpochSecond(), 3600) * 3600, line);
        }
        if (pending.get() >= batchBytes && vertx != null && !flushing.get() && !scheduled.getAndSet(true)) {
            vertx.runOnContext(ignored -> {
                scheduled.set(false);
                flushInBackground();
            });
        }
    }

    private void dropped() {
        telemetry.ledgerDropped(1);
        if (!overflowing.getAndSet(true)) {
            Log.warnf("Ledger: more than toolspill.ledger.max-pending-bytes (%d) wait to be written: entries are dropped until the store catches up", maxPending);
        }
    }

    void start(@Observes StartupEvent event) {
        if (!on) {
            Log.info("Ledger: off (no blob store, or toolspill.ledger.enabled=false)");
            return;
        }
        long every = interval.toMillis();
        timer = vertx.setPeriodic(every, every, id -> flushInBackground());
        Log.infof("Ledger: each tool call and ingest is recorded under %s in the blob store, written every %s", LedgerLayout.all(), interval);
    }

    /** Writes what waits before the process ends, for at most a few seconds. */
    void stop(@Observes ShutdownEvent event) {
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
        if (on) {
            // the shutdown thread, not a request path: it may wait, a little, for the last batches
            try {
                flush().subscribeAsCompletionStage().toCompletableFuture().get(5, java.util.concurrent.TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                Log.warnf("Ledger: the last entries were not written before shutdown: %s", e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void flushInBackground() {
        flush().subscribe().with(written -> { }, failure -> Log.warnf("Ledger: a flush failed: %s", failure.getMessage()));
    }

    /** Writes every entry queued now; completes with the number of batches written. One flush at a time. */
    public Uni<Long> flush() {
        return Uni.createFrom().deferred(() -> {
            if (!flushing.compareAndSet(false, true)) {
                return Uni.createFrom().item(0L);
            }
            return Uni.createFrom().item(this::drain).runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                    .onItem().transformToMulti(groups -> Multi.createFrom().iterable(groups.entrySet()))
                    .onItem().transformToUniAndMerge(group -> write(group.getKey(), group.getValue()))
                    .collect().with(java.util.stream.Collectors.summingLong(Long::longValue))
                    .onTermination().invoke(() -> flushing.set(false));
        });
    }

    private Uni<Long> write(String key, Batch batch) {
        return journal.write(key, batch.parts()).replaceWith(1L)
                .onFailure().recoverWithItem(failure -> {
                    telemetry.ledgerDropped(batch.entries());
                    Log.warnf("Ledger: a batch of %d entries was not written (%s) and is dropped", batch.entries(), failure.getMessage());
                    return 0L;
                });
    }

    private record Batch(List<byte[]> parts, int entries) {
    }

    /** A tenant (null: authentication off) and the hour its entries were made in (epoch seconds of its start). */
    private record Hour(String tenant, long start) {
    }

    /** Pending lines by tenant and hour, and the writer of lines; used under its own lock. */
    private static final class Stripe {
        final LedgerLines lines = new LedgerLines();
        Map<Hour, PendingLines> hours = new HashMap<>();
        private Hour last;
        private PendingLines lastLines;

        void add(String tenant, long hour, LedgerLines line) {
            if (last == null || last.start() != hour || !Objects.equals(last.tenant(), tenant)) {
                last = new Hour(tenant, hour);
                lastLines = hours.computeIfAbsent(last, ignored -> new PendingLines());
            }
            lastLines.append(line.bytes(), line.size());
        }

        Map<Hour, PendingLines> take() {
            Map<Hour, PendingLines> taken = hours;
            hours = new HashMap<>();
            last = null;
            lastLines = null;
            return taken;
        }
    }

    /** Takes what waits in every stripe, one batch per tenant and hour (the stripes' parts one after the other), keyed by batch. */
    private Map<String, Batch> drain() {
        Map<Hour, List<PendingLines>> merged = new LinkedHashMap<>();
        for (Stripe stripe : stripes) {
            Map<Hour, PendingLines> taken;
            synchronized (stripe) {
                taken = stripe.take();
            }
            taken.forEach((hour, lines) -> {
                pending.addAndGet(-lines.size());
                merged.computeIfAbsent(hour, ignored -> new ArrayList<>()).add(lines);
            });
        }
        overflowing.set(false);
        long now = clock.millis();
        Map<String, Batch> batched = new LinkedHashMap<>();
        merged.forEach((hour, taken) -> {
            List<byte[]> parts = new ArrayList<>();
            int entries = 0;
            for (PendingLines lines : taken) {
                parts.addAll(lines.parts());
                entries += lines.entries();
            }
            batched.put(LedgerLayout.batch(hour.tenant(), Instant.ofEpochSecond(hour.start()), now, replica, batches.incrementAndGet()),
                    new Batch(parts, entries));
        });
        return batched;
    }
}
