package dev.toolspill.config;

import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.Min;
import org.hibernate.validator.constraints.time.DurationMin;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * {@code toolspill.ledger.*} and {@code toolspill.console.*}: the call ledger (what each tool call and ingest gave the
 * model, kept in the blob store under {@code ledger/}) and the operator console that reads it at {@code /console}.
 * Nested in {@link ToolspillConfig}, which extends these (kept here for size).
 */
public interface LedgerConfig {
    /** Keep a ledger entry for every tool call and ingest (needs a blob store; off: nothing is recorded, the console lists nothing). */
    @WithDefault("true")
    boolean enabled();

    /** How often the entries recorded meanwhile are written, one object per tenant and hour. */
    @WithDefault("2s")
    @DurationMin(millis = 1, message = Bounds.AT_LEAST_1MS)
    Duration flushInterval();

    /** A batch this large (in bytes of JSON lines) is written at once, before the interval ends. */
    @WithDefault("1048576")
    @Min(value = 1024, message = Bounds.AT_LEAST)
    long batchBytes();

    /** Entries waiting to be written may hold this many bytes; an entry past it is dropped, counted and logged. */
    @WithDefault("16777216")
    @Min(value = 1024, message = Bounds.AT_LEAST)
    long maxPendingBytes();

    /** A batch is written from what waits, so it cannot be larger than what may wait (checked at start-up). */
    @AssertTrue(message = "toolspill.ledger.batch-bytes must be at most toolspill.ledger.max-pending-bytes: a batch is made of the"
            + " entries waiting to be written, which may hold at most max-pending-bytes (raise max-pending-bytes or lower batch-bytes)")
    default boolean isBatchWithinPending() {
        return batchBytes() <= maxPendingBytes();
    }

    /** The console at {@code /console}. */
    interface Console {
        /**
         * Tenants (of {@code toolspill.auth.keys} or a JWT) whose key is an operator's: it sees the calls and blobs of
         * every tenant in the console, and only there. Give operators a tenant name of their own, with its own key.
         */
        Optional<List<String>> operators();
    }
}
