package dev.toolspill.blob;

import dev.toolspill.metrics.Telemetry;

import java.time.Duration;

/**
 * The layers every real store gets, in their one order: records kept in memory ({@link KnownRecords}), then metrics,
 * then the deadline of each call. Lets the producer outside this package wrap a backend without the layers being public.
 */
public final class StoreLayers {

    private StoreLayers() {
    }

    /** {@code backend} within {@code timeout} per call, metered, its records known to {@code known}. */
    public static BlobStore around(BlobStore backend, Duration timeout, Telemetry telemetry, KnownRecords known) {
        return new RecordKeepingBlobStore(new MeteredBlobStore(new TimedBlobStore(backend, timeout), telemetry), known);
    }

    /**
     * {@code layered} content-addressed per tenant ({@link DedupingBlobStore}): the same bytes of the same tenant are
     * one blob; blobs older than half of {@code maxAge} (retention's) are stored anew.
     */
    public static BlobStore deduplicating(BlobStore layered, java.util.Optional<Duration> maxAge, Telemetry telemetry) {
        return new DedupingBlobStore(layered, maxAge, telemetry);
    }

    /** As above, reporting nothing. */
    public static BlobStore deduplicating(BlobStore layered, java.util.Optional<Duration> maxAge) {
        return deduplicating(layered, maxAge, Telemetry.NONE);
    }
}
