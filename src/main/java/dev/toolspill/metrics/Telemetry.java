package dev.toolspill.metrics;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;

import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * What the service reports about its work, in its own words: outputs and where they went, store calls, inspect reads,
 * uploads, index loads. Business code calls this and never Micrometer or OpenTelemetry, which only
 * {@link MicrometerTelemetry} knows. {@link #NONE} reports nothing (for code built outside CDI, e.g. in unit tests).
 */
public interface Telemetry {

    Telemetry NONE = new Telemetry() {
    };

    /**
     * One result that went into history: its {@code disposition} (inline, stored, truncated, spooled, unstored), the
     * bytes the model sees, and the bytes of the output it does not see (kept in a blob, or dropped).
     */
    default void output(String tool, String disposition, long historyBytes, long keptOutBytes) {
    }

    /** A blob (of {@code bytes}) is now in the store. */
    default void stored(long bytes) {
    }

    /** One value of {@code kind} redacted from an output (never the value, nor where it was). */
    default void redacted(String kind) {
    }

    /** An output of {@code bytes} its tenant had stored already: answered with that blob, its new copy removed. */
    default void deduplicated(long bytes) {
    }

    /**
     * A store call ({@code put}, {@code get}, {@code metadata}, {@code delete}...): timed and traced; a failure that
     * {@code fault} accepts counts as a store error (an unknown id is an answer, not an error of the store).
     */
    default <T> Uni<T> storeCall(String operation, Supplier<Uni<T>> call, Predicate<Throwable> fault) {
        return Uni.createFrom().deferred(call::get);
    }

    /** A streamed store read, timed from subscription to its end, errors counted as by {@link #storeCall}. */
    default <T> Multi<T> storeStream(String operation, Supplier<Multi<T>> stream, Predicate<Throwable> fault) {
        return Multi.createFrom().deferred(stream::get);
    }

    /** A store call that blocks (a streamed upload's commit), timed and counted like {@link #storeCall}. */
    default void storeBlocking(String operation, long nanos, boolean failed) {
    }

    /** A store call that failed and is not timed (one write of a streamed upload): a store error of {@code operation}. */
    default void storeFailed(String operation) {
    }

    /** One decision of the shared limits, by who made it: {@code shared} (Redis), {@code local} or {@code open} (Redis unreachable). */
    default void sharedLimits(String source) {
    }

    /** Entries of the call ledger that were not kept (too many waiting to be written, or their batch refused). */
    default void ledgerDropped(long entries) {
    }

    /** An upload from a stream began; {@link #uploadEnded} follows exactly once. */
    default void uploadStarted() {
    }

    default void uploadEnded() {
    }

    /** One read through inspect (a selector or a blob's first part), timed. */
    default <T> Uni<T> inspect(Supplier<Uni<T>> read) {
        return Uni.createFrom().deferred(read::get);
    }

    /** A read index that was not cached: {@code source} is {@code store} (loaded) or {@code scan} (built). */
    default void indexLoad(String source) {
    }

    /** A span around {@code work}: a batch, a tool call. {@code attributes} are key, value pairs. */
    default <T> Uni<T> span(String name, Supplier<Uni<T>> work, String... attributes) {
        return Uni.createFrom().deferred(work::get);
    }
}
