package dev.toolspill.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;

import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.Min;
import org.hibernate.validator.constraints.time.DurationMin;

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
    Spool spool();

    Metrics metrics();
    /** The call ledger ({@code toolspill.ledger.*}). */
    Ledger ledger();
    /** The operator console ({@code toolspill.console.*}). */
    LedgerConfig.Console console();
    /** Redaction of credentials ({@code toolspill.redact.*}). */
    Redact redact();

    /**
     * Everything set for one tenant, keyed by its name (as in {@code toolspill.auth.keys}):
     * {@code toolspill.tenants."team-a".tools=...}, {@code toolspill.tenants."team-a".requests-per-second=50}.
     */
    Map<String, Tenant> tenants();

    /**
     * A write still in progress must never look abandoned to the sweep (checked at start-up): on the filesystem an
     * unfinished write is judged by when it was last written to (the stall timeout bounds the gap), on S3 by when its
     * multipart upload began (the upload's max duration bounds its age).
     */
    @AssertTrue(message = "toolspill.retention.unfinished-max-age must be longer than toolspill.ingest.max-duration and"
            + " toolspill.ingest.stall-timeout, or uploads still in progress would be removed (raise unfinished-max-age or lower the others)")
    default boolean isUnfinishedMaxAgeLongerThanAnUpload() {
        Duration unfinished = retention().unfinishedMaxAge();
        return unfinished.compareTo(ingest().stallTimeout()) > 0 && unfinished.compareTo(ingest().maxDuration()) > 0;
    }

    interface Tenant {
        /** The tools this tenant may call, comma-separated; absent: every tool. {@code inspect} is always allowed. */
        Optional<List<String>> tools();

        /** This tenant's own {@code toolspill.limits.requests-per-second}. */
        Optional<Double> requestsPerSecond();

        /** This tenant's own {@code toolspill.limits.stored-bytes-per-day}. */
        Optional<Long> storedBytesPerDay();

        /** This tenant's own {@code toolspill.redact.enabled}: false stores and answers its outputs unredacted. */
        Optional<Boolean> redact();

        /** More kinds to redact in this tenant's outputs, as {@code toolspill.redact.patterns}. */
        Map<String, String> redactPatterns();

        /** Values never redacted in this tenant's outputs, beside {@code toolspill.redact.allow}. */
        Optional<List<String>> redactAllow();
    }

    interface BlobStore extends BlobStoreConfig {
    }

    enum StoreType { fs, s3, none }

    interface Retention {
        /** Blobs older than this, by the time inside their id, are deleted with what is kept beside them; unset: kept for good. */
        Optional<@DurationMin(nanos = 0, inclusive = false, message = Bounds.LONGER_THAN_0) Duration> maxAge();

        /** How often each replica sweeps the store (for old blobs, when max-age is set, and for unfinished writes). */
        @WithDefault("10m")
        @DurationMin(millis = 1, message = Bounds.AT_LEAST_1MS)
        Duration interval();
        /** Unfinished writes (temp files, incomplete S3 multipart uploads) begun longer ago than this are removed. */
        @WithDefault("1h")
        @DurationMin(nanos = 0, inclusive = false, message = Bounds.LONGER_THAN_0)
        Duration unfinishedMaxAge();
        /** Deletions one sweep runs at once. */
        @WithDefault("4")
        @Min(value = 1, message = Bounds.AT_LEAST)
        int concurrency();
    }

    /** Where outputs of tools this replica ran wait while the shared store cannot take them (never /v1/tool-outputs). */
    interface Spool {
        /** The spool's folder on this replica's disk (an emptyDir in Kubernetes); kept across restarts and drained on start. */
        @WithDefault("./data/spool")
        Path dir();

        /** Bytes the spool may hold; an output that does not fit falls back to the limit alone (disposition unstored). */
        @WithDefault("1073741824")
        long maxBytes();

        /** How often this replica checks the store and uploads what it spooled. */
        @WithDefault("10s")
        Duration retryInterval();
    }

    interface Limits extends LimitsConfig {
    }

    interface Output {
        /** Outputs of at most this many UTF-8 bytes stay inline. */
        @WithDefault("800")
        int inlineMaxBytes();

        /** Byte cap of a stored output's summary. */
        @WithDefault("400")
        @Min(value = 160, message = Bounds.SUMMARY_TOO_SMALL)
        int summaryMaxBytes();
        /** Lines of a text blob shown at the start of its summary. */
        @WithDefault("5")
        @Min(value = 1, message = Bounds.AT_LEAST)
        int headLines();
        /** Lines of a text blob shown at the end of its summary. */
        @WithDefault("3")
        @Min(value = 0, message = Bounds.AT_LEAST)
        int tailLines();

        /**
         * Tools (comma-separated; {@code *}: all) whose repeated output (bytes the tenant stored before) is answered with
         * one line, {@code [blob:<id>] identical to the output you already have}, instead of its summary: for agents
         * that keep their history. Unset: every repeat gets the same answer as the first time.
         */
        Optional<List<String>> repeatReferenceTools();

        /** The least room a shown line gets in a summary: a few characters and the clip mark. */
        int BYTES_PER_LINE = 8;

        /** Whether {@code head + tail} lines fit in a summary of {@code maxBytes}, beside its id line and section rules (80 bytes). */
        static boolean linesFit(int maxBytes, int head, int tail) {
            return ((long) head + tail) * BYTES_PER_LINE + 80 <= maxBytes;
        }

        @AssertTrue(message = "toolspill.output.head-lines + tail-lines do not fit in toolspill.output.summary-max-bytes: allow at least "
                + BYTES_PER_LINE + " bytes per line beside 80 bytes for the id line and section rules, or show fewer lines")
        default boolean isLinesWithinSummary() {
            return linesFit(summaryMaxBytes(), headLines(), tailLines());
        }
    }

    interface Ingest extends IngestConfig {
    }


    interface Scan {
        /** Longest JSON string value a scan parses, in bytes; a longer one makes the output text (or a 400 when JSON was declared). */
        @WithDefault("16777216")
        @Min(value = 1, message = Bounds.AT_LEAST)
        int maxStringBytes();

        /** Longest JSON number, in digits (a number is never converted, but its length is bounded all the same). */
        @WithDefault("1000")
        @Min(value = 1, message = Bounds.AT_LEAST)
        int maxNumberDigits();

        /** Deepest nesting of JSON arrays and objects. */
        @WithDefault("500")
        @Min(value = 1, message = Bounds.AT_LEAST)
        int maxDepth();

        /** Top-level keys of a JSON object whose spans the read index keeps (about 170 bytes each in memory); keys past it are found by reading the blob. */
        @WithDefault("25000")
        @Min(value = 1, message = Bounds.AT_LEAST)
        int maxIndexKeys();
    }

    interface Inspect {
        /** Memory for parsed read indexes kept between reads, in bytes (an index weighs about 8 bytes a 512 lines). */
        @WithDefault("33554432")
        @Min(value = 0, message = Bounds.AT_LEAST)
        long indexCacheBytes();
        /** Read indexes that may be loaded (decoded, or built by scanning the blob) at once; past it, 503 with Retry-After. */
        @WithDefault("4")
        @Min(value = 1, message = Bounds.AT_LEAST)
        int maxConcurrentIndexLoads();
        /** Index loads that may wait for one of those slots (each at most toolspill.blob-store.timeout); past it, 503. */
        @WithDefault("256")
        @Min(value = 0, message = Bounds.AT_LEAST)
        int indexLoadQueue();
        /** Longest pattern a {@code grep:} selector may have, in characters. */
        @WithDefault("1000")
        @Min(value = 1, message = Bounds.AT_LEAST)
        int grepMaxPatternChars();
        /** Entries of a JSON array that inspect with no selector samples, spread over the array, for the keys it reports. */
        @WithDefault("1000")
        @Min(value = 0, message = Bounds.AT_LEAST)
        int headSampleEntries();
        /** Bytes that sample may read at most. */
        @WithDefault("4194304")
        @Min(value = 0, message = Bounds.AT_LEAST)
        long headSampleBytes();
    }

    interface Pipeline extends PipelineConfig {
    }

    interface Ledger extends LedgerConfig { }

    interface Auth {
        /**
         * Require an API key on every path but {@code /q/*} (health, metrics, OpenAPI). On unless set to {@code false}
         * explicitly (the dev and test profiles do); on with no key and no JWT issuer configured, start-up fails.
         */
        @WithDefault("true")
        boolean enabled();

        /**
         * SHA-256 digests (64 lower-case hex digits) of each tenant's API keys, comma-separated, keyed by tenant:
         * {@code toolspill.auth.keys."team-a"=<digest>[,<digest>]}. Only digests are configured, never keys.
         */
        Map<String, List<String>> keys();

        /**
         * A properties file of more digests, in the form of {@link #keys()} ({@code toolspill.auth.keys."team-a"=<digest>,...}
         * lines), read at start-up and again whenever its content changes: keys rotate without a restart.
         */
        Optional<Path> keysFile();

        /** How often {@code keys-file} is read again to see whether it changed. */
        @WithDefault("10s")
        Duration keysFileInterval();

        /** JWTs from an identity provider, beside the keys (on when {@code toolspill.auth.jwt.issuer} is set). */
        JwtConfig jwt();
    }

    interface Tools extends ToolsConfig {
    }

    interface Redact extends RedactConfig {
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
        /** Offer POST /v1/noop, the baseline src/bench/run.sh measures against; off in production. */
        @WithDefault("false")
        boolean noop();
    }

    interface Metrics {
        /** Distinct tool names the metrics tag one by one; outputs of any further name count under tool="other". */
        @WithDefault("100")
        @Min(value = 0, message = Bounds.AT_LEAST)
        int maxTools();
    }
}
