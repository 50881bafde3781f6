package dev.toolspill.blob;

import io.smallrye.mutiny.Uni;

import java.time.Instant;
import java.util.Optional;

/**
 * What this replica knows of an outage of the shared store, and where it keeps outputs of tools it ran meanwhile (its
 * local spool, bounded by {@code toolspill.spool.max-bytes}, uploaded when the store answers again). Callers outside
 * {@code blob} reach the spool only through this, never its package.
 */
public interface Outage {

    /** Whether the last word this replica had of the shared store was a failure (a write, or a check). */
    boolean storeDown();

    /** Records how the shared store last answered. */
    void storeAnswered(boolean ok);

    /** Keeps the bytes here under the blob's id until the store takes them; empty when they do not fit. */
    Uni<Optional<BlobMetadata>> put(BlobId id, BlobFormat format, byte[] content, String owner);

    /** A blob kept here from a stream; a write fails with an IOException once it outgrows what is left. */
    BlobUpload upload(BlobId id, BlobFormat guess, String owner);

    /** At most this many bytes are kept here. */
    long maxBytes();

    /** Bytes kept here now. */
    long bytes();

    /** Blobs kept here now. */
    int count();

    /** When the oldest blob kept here was made, if any is. */
    Optional<Instant> oldest();
}
