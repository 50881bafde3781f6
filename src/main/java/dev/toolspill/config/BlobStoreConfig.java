package dev.toolspill.config;

import io.smallrye.config.WithDefault;
import org.hibernate.validator.constraints.time.DurationMin;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/** {@code toolspill.blob-store.*}: where stored outputs live. Nested in {@link ToolspillConfig} as {@code ToolspillConfig.BlobStore}, which extends it (kept here for size). */
public interface BlobStoreConfig {
    /** Where stored outputs live: {@code fs}, {@code s3}, or {@code none} (everything stays inline). */
    @WithDefault("fs")
    ToolspillConfig.StoreType type();

    Fs fs();

    S3 s3();

    Retry retry();

    /** How long one store call (a read, a write, a stream's next chunk) may take before it fails: a hung store costs this, not a thread. */
    @WithDefault("30s")
    Duration timeout();

    /**
     * Records (owner, SHA-256, size: a few hundred bytes each) of blobs written or read here that this replica keeps
     * in memory, so a read of a blob it wrote asks the store nothing to learn whose it is.
     */
    @WithDefault("50000")
    int knownRecords();

    /**
     * Content-addressed blobs per tenant: an output whose bytes the same tenant already stored gets the existing blob's
     * id (and so the same answer), and nothing new is stored. Outputs spooled during an outage are never deduplicated.
     */
    @WithDefault("true")
    boolean dedup();

    interface S3 {
        /** The bucket every replica shares; required for {@code type=s3}. Connection settings are {@code quarkus.s3.*}. */
        Optional<String> bucket();

        /** Create the bucket at start-up when it is missing (for development; production buckets are provisioned). */
        @WithDefault("false")
        boolean createBucket();

        /** Memory for the part buffers of all S3 uploads of this replica together, in bytes; an upload waits for its share. */
        @WithDefault("50331648")
        long uploadBufferBytes();
    }

    interface Retry {
        /** Attempts after a failed store before the output falls back to the limit alone. */
        @WithDefault("3")
        int attempts();

        /** First back-off between attempts; it doubles each time, up to ten times this. */
        @WithDefault("100ms")
        Duration backoff();
    }

    interface Fs {
        /** Root folder of the filesystem store; blobs go to {@code <root>/blobs/}. */
        @WithDefault("./data")
        Path root();

        /**
         * Free bytes the store's disk must keep: below this, /q/health/well says DOWN (a full disk fails every write), and
         * a streamed write that would go below it fails, as on a full disk.
         */
        @WithDefault("67108864")
        long minFreeBytes();

        /** How often each replica proves it can write the root (create, write, fsync, remove); readiness is DOWN while it cannot. */
        @WithDefault("30s")
        @DurationMin(seconds = 1, message = "must be at least 1s (was ${validatedValue})")
        Duration probeInterval();
    }
}
