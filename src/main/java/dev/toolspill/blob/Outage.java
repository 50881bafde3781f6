package dev.toolspill.blob;

import java.time.Instant;
import java.util.Optional;

/**
 * What this replica knows of an outage of the shared store, and how much its spool holds meanwhile (outputs of tools
 * it ran, kept by {@link BlobStore#keep} and uploaded when the store answers again, bounded by
 * {@code toolspill.spool.max-bytes}): what health and metrics report. Nothing outside {@code blob} writes to the spool.
 */
public interface Outage {

    /** Whether the last word this replica had of the shared store was a failure (a write, or a check). */
    boolean storeDown();

    /** Records how the shared store last answered. */
    void storeAnswered(boolean ok);

    /** At most this many bytes are kept here. */
    long maxBytes();

    /** Bytes kept here now. */
    long bytes();

    /** Blobs kept here now. */
    int count();

    /** When the oldest blob kept here was made, if any is. */
    Optional<Instant> oldest();
}
