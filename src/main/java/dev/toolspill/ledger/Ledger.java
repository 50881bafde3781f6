package dev.toolspill.ledger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.io.ByteArrayOutputStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The write side of the call ledger: {@link #record} queues an entry in memory (no I/O on the call's path), and every
 * {@code toolspill.ledger.flush-interval}, or as soon as {@code batch-bytes} wait, the queue is written as one object
 * per tenant and hour ({@link LedgerLayout}), on a worker thread. So a busy replica makes
 * about {@code tenants / flush-interval} store requests, not one a call. What waits is bounded by
 * {@code max-pending-bytes}: an entry past it is dropped, counted ({@code toolspill_ledger_dropped_total}) and logged.
 * A batch the store refuses is dropped the same way (the ledger is a record, not the outputs themselves). On with a
 * blob store unless {@code toolspill.ledger.enabled=false}.
 */
@ApplicationScoped
public class Ledger {

    private static final long LINE_OVERHEAD = 320;

    private final Journal journal;
    private final boolean on;
    private final Duration interval;
    private final long batchBytes;
    private final long maxPending;
    private final Clock clock;
    private final ObjectMapper mapper;
    private final Telemetry telemetry;
    private final ConcurrentLinkedQueue<LedgerEntry> queue = new ConcurrentLinkedQueue<>();
    private final AtomicLong pending = new AtomicLong();
    private final AtomicBoolean flushing = new AtomicBoolean();
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private final AtomicBoolean overflowing = new AtomicBoolean();
    private final AtomicLong batches = new AtomicLong();
    private final String replica = UUID.randomUUID().toString().substring(0, 8);
    private Vertx vertx;
    private long timer = -1;

    @Inject
    public Ledger(Journal journal, StoreKind kind, ToolspillConfig config, ObjectMapper mapper, Telemetry telemetry, Vertx vertx) {
        this(journal, kind.keepsBlobs() && config.ledger().enabled(), config.ledger().flushInterval(), config.ledger().batchBytes(),
                config.ledger().maxPendingBytes(), Clock.systemUTC(), mapper, telemetry);
        this.vertx = vertx;
    }

    public Ledger(Journal journal, boolean on, Duration interval, long batchBytes, long maxPending, Clock clock, ObjectMapper mapper,
                  Telemetry telemetry) {
        this.journal = journal;
        this.on = on;
        this.interval = interval;
        this.batchBytes = batchBytes;
        this.maxPending = maxPending;
        this.clock = clock;
        this.mapper = mapper;
        this.telemetry = telemetry;
    }

    /** Whether entries are kept. */
    public boolean on() {
        return on;
    }

    /** The time an entry recorded now has. */
    public Instant now() {
        return clock.instant();
    }

    /** Queues an entry; returns at once. A full queue drops it (counted, logged once until the queue drains). */
    public void record(LedgerEntry entry) {
        if (!on) {
            return;
        }
        long size = LINE_OVERHEAD + (entry.answer() == null ? 0 : entry.answer().length() * 3L);
        if (pending.addAndGet(size) > maxPending) {
            pending.addAndGet(-size);
            telemetry.ledgerDropped(1);
            if (!overflowing.getAndSet(true)) {
                Log.warnf("Ledger: more than toolspill.ledger.max-pending-bytes (%d) wait to be written: entries are dropped until the store catches up", maxPending);
            }
            return;
        }
        queue.add(entry);
        if (pending.get() >= batchBytes && vertx != null && !flushing.get() && !scheduled.getAndSet(true)) {
            vertx.runOnContext(ignored -> {
                scheduled.set(false);
                flushInBackground();
            });
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
        return journal.write(key, batch.bytes()).replaceWith(1L)
                .onFailure().recoverWithItem(failure -> {
                    telemetry.ledgerDropped(batch.entries());
                    Log.warnf("Ledger: a batch of %d entries was not written (%s) and is dropped", batch.entries(), failure.getMessage());
                    return 0L;
                });
    }

    private record Batch(byte[] bytes, int entries) {
    }

    /** Takes what is queued and groups it by tenant and hour, as JSON lines keyed by batch. */
    private Map<String, Batch> drain() {
        Map<String, List<LedgerEntry>> groups = new LinkedHashMap<>();
        long now = clock.millis();
        for (LedgerEntry entry; (entry = queue.poll()) != null; ) {
            pending.addAndGet(-(LINE_OVERHEAD + (entry.answer() == null ? 0 : entry.answer().length() * 3L)));
            groups.computeIfAbsent(LedgerLayout.hour(entry.tenant(), entry.at()), hour -> new ArrayList<>()).add(entry);
        }
        overflowing.set(false);
        Map<String, Batch> batched = new LinkedHashMap<>();
        groups.forEach((hour, entries) -> {
            LedgerEntry first = entries.get(0);
            String key = LedgerLayout.batch(first.tenant(), first.at(), now, replica, batches.incrementAndGet());
            batched.put(key, new Batch(lines(entries), entries.size()));
        });
        return batched;
    }

    private byte[] lines(List<LedgerEntry> entries) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (LedgerEntry entry : entries) {
            try {
                out.writeBytes(mapper.writeValueAsBytes(entry));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("a ledger entry is plain data", e);
            }
            out.write('\n');
        }
        return out.toByteArray();
    }
}
