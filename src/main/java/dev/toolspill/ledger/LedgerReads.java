package dev.toolspill.ledger;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.toolspill.blob.Journal;
import dev.toolspill.config.ToolspillConfig;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The read side of the call ledger: a tenant's entries in a time range (every tenant's, for an operator), one entry
 * by id, and the removal of whole hours for retention. Only the batches of the hours in range are read, a few at once,
 * and parsed on worker threads, where the tokens of each answer are counted ({@link Tokens}).
 */
@ApplicationScoped
public class LedgerReads {

    private static final int CONCURRENT_READS = 4;

    private final Journal journal;
    private final ObjectReader reader;
    /** How long after an entry is made its batch is written, at most as a rule: two flush intervals. */
    private final Duration written;

    @jakarta.inject.Inject
    public LedgerReads(Journal journal, ObjectMapper mapper, ToolspillConfig config) {
        this(journal, mapper, config.ledger().flushInterval().multipliedBy(2));
    }

    public LedgerReads(Journal journal, ObjectMapper mapper, Duration written) {
        this.journal = journal;
        this.reader = mapper.readerFor(LedgerEntry.class).without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        this.written = written;
    }

    /**
     * The entries of {@code tenant} (null with authentication off) made in [{@code from}, {@code to}), or of every
     * tenant when {@code everyTenant}; in no particular order. A tenant's hours are listed one folder each (the range
     * is what bounds the work); every tenant's, by one listing of the whole ledger.
     */
    public Multi<LedgerEntry> between(String tenant, boolean everyTenant, Instant from, Instant to) {
        return batches(tenant, everyTenant, from, to).onItem().transformToMulti(keys -> read(keys, from, to, entry -> true));
    }

    /**
     * The keys of the batches that may hold entries of {@code tenant} (every tenant's) made in range, those most likely
     * to first: a batch holds entries made before it was written (the time that starts its name), so one written
     * before {@code from} holds none and is left out; those written by {@code to} plus the usual delay of a write
     * (two flush intervals) come first, newest first, then the later ones, oldest first (entries whose write was
     * retried). A caller that reads only the first few thus reads the newest calls of a range even in a busy hour.
     */
    public Uni<List<String>> batches(String tenant, boolean everyTenant, Instant from, Instant to) {
        Instant firstHour = LedgerLayout.hourStart(from);
        Multi<String> keys = everyTenant ? journal.list(LedgerLayout.all())
                : Multi.createFrom().<Instant>emitter(hours -> {
                    for (Instant hour = firstHour; hour.isBefore(to); hour = hour.plusSeconds(3600)) {
                        hours.emit(hour);
                    }
                    hours.complete();
                }).onItem().transformToMultiAndConcatenate(hour -> journal.list(LedgerLayout.hour(tenant, hour)));
        return keys
                .select().where(key -> LedgerLayout.hourOf(key).map(hour -> !hour.isBefore(firstHour) && hour.isBefore(to)).orElse(false))
                .select().where(key -> LedgerLayout.writtenMillis(key) >= from.toEpochMilli())
                .collect().asList()
                .map(found -> inReadingOrder(found, to.plus(written).toEpochMilli()));
    }

    private static List<String> inReadingOrder(List<String> keys, long usuallyWrittenBy) {
        java.util.Comparator<String> byWritten = java.util.Comparator.comparingLong(LedgerLayout::writtenMillis);
        List<String> ordered = new ArrayList<>(keys.stream().filter(key -> LedgerLayout.writtenMillis(key) <= usuallyWrittenBy).sorted(byWritten.reversed()).toList());
        keys.stream().filter(key -> LedgerLayout.writtenMillis(key) > usuallyWrittenBy).sorted(byWritten).forEach(ordered::add);
        return ordered;
    }

    /**
     * The entries of the batches {@code keys} made in range that {@code keep} takes, their tokens counted (only theirs:
     * counting is the costly part of a read); a few batches read at once, each parsed on a worker.
     */
    public Multi<LedgerEntry> read(List<String> keys, Instant from, Instant to, java.util.function.Predicate<LedgerEntry> keep) {
        return Multi.createFrom().iterable(keys)
                .onItem().transformToUni(key -> entries(key, entry -> !entry.at().isBefore(from) && entry.at().isBefore(to) && keep.test(entry)))
                .merge(CONCURRENT_READS)
                .onItem().transformToIterable(entries -> entries);
    }

    /** The entry {@code id} of {@code tenant} (of any tenant when {@code everyTenant}); empty when there is none. */
    public Uni<Optional<LedgerEntry>> find(String tenant, boolean everyTenant, String id) {
        long millis = LedgerEntry.millisOf(id);
        if (millis < 0) {
            return Uni.createFrom().item(Optional.empty());
        }
        Instant at = Instant.ofEpochMilli(millis);
        return between(tenant, everyTenant, at, at.plusMillis(1))
                .select().where(entry -> entry.id().equals(id))
                .collect().first()
                .map(Optional::ofNullable);
    }

    /** Removes the batches of every hour that ended at or before {@code cutoff}; completes with how many. */
    public Uni<Long> removeBefore(Instant cutoff) {
        return journal.list(LedgerLayout.all())
                .select().where(key -> LedgerLayout.hourOf(key).map(hour -> !hour.plusSeconds(3600).isAfter(cutoff)).orElse(false))
                .onItem().transformToUni(key -> journal.delete(key).replaceWith(1L)).merge(CONCURRENT_READS)
                .collect().with(java.util.stream.Collectors.summingLong(Long::longValue));
    }

    private Uni<List<LedgerEntry>> entries(String key, java.util.function.Predicate<LedgerEntry> keep) {
        // a batch may hold a megabyte of JSON lines: parsed on a worker, never on the event loop
        return journal.read(key).emitOn(Infrastructure.getDefaultWorkerPool()).map(bytes -> bytes == null ? List.of() : parse(bytes, keep));
    }

    private List<LedgerEntry> parse(byte[] bytes, java.util.function.Predicate<LedgerEntry> keep) {
        List<LedgerEntry> entries = new ArrayList<>();
        for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank()) {
                try {
                    LedgerEntry entry = reader.readValue(line);
                    if (!keep.test(entry)) {
                        continue;
                    }
                    entries.add(entry.historyTokens() != null ? entry : entry.withTokens(Tokens.count(entry.answer())));
                } catch (IOException e) {
                    throw new UncheckedIOException("a ledger batch has a line that is not an entry", e);
                }
            }
        }
        return entries;
    }
}
