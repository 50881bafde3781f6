package dev.toolspill.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Every {@code toolspill.*} key, with the default that works out of the box. */
@ConfigMapping(prefix = "toolspill")
public interface ToolspillConfig {

    BlobStore blobStore();

    Limits limits();

    Output output();

    Ingest ingest();

    Pipeline pipeline();

    Inspect inspect();

    Scan scan();

    Tools tools();

    Arguments arguments();

    Bench bench();

    Auth auth();

    Retention retention();

    interface BlobStore {
        /** Where stored outputs live: {@code fs}, {@code s3}, or {@code none} (everything stays inline). */
        @WithDefault("fs")
        StoreType type();

        Fs fs();

        S3 s3();

        Retry retry();

        /** How long one store call (a read, a write, a stream's next chunk) may take before it fails: a hung store costs this, not a thread. */
        @WithDefault("30s")
        Duration timeout();

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
        }
    }

    enum StoreType { fs, s3, none }

    interface Retention {
        /** Blobs older than this, by the time inside their id, are deleted with what is kept beside them; unset: kept for good. */
        Optional<Duration> maxAge();

        /** How often each replica sweeps the store (for old blobs, when max-age is set, and for unfinished writes). */
        @WithDefault("10m")
        Duration interval();

        /** Unfinished writes (temp files, incomplete S3 multipart uploads) begun longer ago than this are removed. */
        @WithDefault("1h")
        Duration unfinishedMaxAge();

        /** Deletions one sweep runs at once. */
        @WithDefault("4")
        int concurrency();
    }

    interface Limits {
        /** Byte cap on what one result may put into history, for every tool without an override. */
        @WithName("default")
        @WithDefault("16384")
        int defaultLimit();

        /** Per-tool overrides, keyed by tool name: {@code toolspill.limits.tools."my-tool"=4096}. */
        Map<String, Integer> tools();

        /** Requests a second each tenant may make to this replica (a token bucket; past it 429 with Retry-After); 0: no limit. */
        @WithDefault("0")
        double requestsPerSecond();
        /** Requests a tenant may make at once after a quiet spell; at least a second's worth of its rate. */
        @WithDefault("0")
        int burst();
        /** Bytes each tenant may store through this replica a UTC day (bodies of POST /v1/tool-outputs; 429 past it); 0: no limit. */
        @WithDefault("0")
        long storedBytesPerDay();
        /** Per-tenant overrides of the two figures above: {@code toolspill.limits.tenants."team-a".requests-per-second=50}. */
        Map<String, Tenant> tenants();

        interface Tenant { Optional<Double> requestsPerSecond(); Optional<Long> storedBytesPerDay(); }
    }

    interface Output {
        /** Outputs of at most this many UTF-8 bytes stay inline. */
        @WithDefault("800")
        int inlineMaxBytes();

        /** Byte cap of a stored output's summary. */
        @WithDefault("400")
        int summaryMaxBytes();

        /** Lines of a text blob shown at the start of its summary. */
        @WithDefault("5")
        int headLines();

        /** Lines of a text blob shown at the end of its summary. */
        @WithDefault("3")
        int tailLines();
    }

    interface Ingest {
        /** Largest body {@code POST /v1/tool-outputs} accepts, in bytes. */
        @WithDefault("1073741824")
        long maxBytes();

        /** Threads that write streamed uploads to the store, apart from the request workers; shared by all uploads. */
        @WithDefault("8")
        int writerThreads();

        /** Bodies this replica reads at once; beyond it, 503 with Retry-After before the body is read. */
        @WithDefault("32")
        int maxConcurrent();

        /** Bodies one tenant may send to this replica at once; beyond it 429 with Retry-After; 0: only the replica's cap. */
        @WithDefault("0")
        int maxConcurrentPerTenant();

        /** A body that sends nothing for this long is dropped, with nothing left behind. */
        @WithDefault("30s")
        Duration stallTimeout();
    }

    interface Scan {
        /** Longest JSON string value a scan parses, in bytes; a longer one makes the output text (or a 400 when JSON was declared). */
        @WithDefault("16777216")
        int maxStringBytes();

        /** Longest JSON number, in digits (a number is never converted, but its length is bounded all the same). */
        @WithDefault("1000")
        int maxNumberDigits();

        /** Deepest nesting of JSON arrays and objects. */
        @WithDefault("500")
        int maxDepth();

        /** Top-level keys of a JSON object whose spans the read index keeps (about 170 bytes each in memory); keys past it are found by reading the blob. */
        @WithDefault("25000")
        int maxIndexKeys();
    }

    interface Inspect {
        /** Memory for parsed read indexes kept between reads, in bytes (an index weighs about 8 bytes a 512 lines). */
        @WithDefault("33554432")
        long indexCacheBytes();

        /** Read indexes that may be loaded (decoded, or built by scanning the blob) at once; past it, 503 with Retry-After. */
        @WithDefault("4")
        int maxConcurrentIndexLoads();

        /** Index loads that may wait for one of those slots (each at most toolspill.blob-store.timeout); past it, 503. */
        @WithDefault("256")
        int indexLoadQueue();
    }

    interface Pipeline {
        /** Calls of one batch that run at the same time. */
        @WithDefault("16")
        int maxConcurrency();

        /** How long one call may run before it becomes an error result. */
        @WithDefault("30s")
        Duration timeout();

        /** Per-tool timeout overrides, keyed by tool name. */
        Map<String, Duration> timeouts();

        /** Calls one batch may hold (413 above). */
        @WithDefault("1000")
        int maxCalls();

        /** Largest JSON body of {@code /v1/tool-calls} (and every other JSON endpoint), in bytes (413 above). */
        @WithDefault("16777216")
        long maxBodyBytes();

        /** Largest {@code Toolspill-Results} header of a provider-shaped answer, in bytes; past it a short form per call. */
        @WithDefault("8192")
        int resultsHeaderMaxBytes();
    }

    interface Auth {
        /**
         * Require an API key on every path but {@code /q/*} (health, metrics, OpenAPI). On unless set to {@code false}
         * explicitly (the dev and test profiles do); on with no key configured, start-up fails.
         */
        @WithDefault("true")
        boolean enabled();

        /**
         * SHA-256 digests (64 lower-case hex digits) of each tenant's API keys, comma-separated, keyed by tenant:
         * {@code toolspill.auth.keys."team-a"=<digest>[,<digest>]}. Only digests are configured, never keys.
         */
        Map<String, List<String>> keys();
    }

    interface Tools {
        /** Tools served over HTTP elsewhere, keyed by tool name: {@code toolspill.tools.remote."search".url=...}. */
        Map<String, Remote> remote();

        /**
         * Largest answer a remote tool may give, in bytes; a larger one is dropped and the call is an error. Answers
         * over {@link #maxBufferedBytes()} are stored as they arrive, so this bounds disk or bucket use, not memory.
         */
        @WithDefault("2147483648")
        long maxResponseBytes();

        /**
         * Longest answer held in memory (and seen as text by post-tool-call interceptors), in bytes; a longer one is
         * streamed into the store like an ingest, holding about a megabyte at a time.
         */
        @WithDefault("1048576")
        long maxBufferedBytes();

        /** Memory for the answers of all remote tool calls being received at once, in bytes. */
        @WithDefault("25165824")
        long responseBufferBytes();

        interface Remote {
            /** Where the arguments are POSTed as JSON. */
            String url();

            /** What the model reads about the tool. */
            @WithDefault("A remote tool.")
            String description();

            /** JSON Schema of the arguments: inline JSON, or a path to a file holding it. */
            @WithDefault("{\"type\":\"object\"}")
            String schema();

            /** Per-call timeout; the pipeline timeout applies when unset. */
            Optional<Duration> timeout();

            /** Extra request headers, e.g. {@code Authorization}. */
            Map<String, String> headers();
        }
    }

    interface Arguments {
        /** Most bytes of blobs one call may take as {"$blob": id} arguments. */
        @WithDefault("16777216")
        long maxBlobBytes();

        /** Memory for the blob arguments of all calls being prepared at once, in bytes. */
        @WithDefault("25165824")
        long bufferBytes();
    }

    interface Bench {
        /** Offer POST /v1/noop, the baseline bench/run.sh measures against; off in production. */
        @WithDefault("false")
        boolean noop();
    }
}
