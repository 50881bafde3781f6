package dev.toolspill.fuzz;

import io.quarkus.test.common.http.TestHTTPResource;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.util.Map;

import static dev.toolspill.TestDigests.sha256;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A seeded run of generated hostile requests over every endpoint (blobs with Range and conditional headers, inspect,
 * DELETE, ingest, tool calls in every format, tools, MCP, health, other spellings of every path), with authentication
 * on and a valid key: no answer is a 5xx, and none names a Java type, a
 * stack frame, a file path or a {@code host:port}. {@code -Dfuzz.seed=N} replays a run; {@code -Dfuzz.requests=N}
 * sets its length: 6,000 on the filesystem and 4,000 on S3 (10,000) in the deep run of {@code .ci/run}, a fifth of that
 * in {@code ./mvnw verify} ({@link dev.toolspill.Depth}).
 */
public abstract class FuzzContract {

    /** The one tenant's key: the fuzz runs with authentication on, as production does. */
    public static final String KEY = "fuzz-key-of-one-tenant-3a9e";

    /** Small caps, so bodies at and over them are cheap to send; authentication on. */
    public static Map<String, String> caps() {
        return Map.of(
                "toolspill.ingest.max-bytes", String.valueOf(Fuzzer.CAP),
                "toolspill.pipeline.max-body-bytes", String.valueOf(Fuzzer.CAP),
                "toolspill.pipeline.max-calls", "50",
                "toolspill.auth.enabled", "true",
                "toolspill.auth.keys.\"fuzz\"", sha256(KEY));
    }

    @TestHTTPResource("/")
    URL root;

    abstract int defaultRequests();

    @Test
    void hostileRequestsNeverGetA5xxOrALeak() throws Exception {
        // a fixed seed in the build, so a red build replays; -Dfuzz.seed=random (or a number) explores further
        String given = System.getProperty("fuzz.seed", "20261201");
        long seed = given.equals("random") ? System.nanoTime() : Long.parseLong(given);
        int requests = Integer.getInteger("fuzz.requests." + store(), Integer.getInteger("fuzz.requests", defaultRequests()));
        System.out.printf("fuzz on %s: seed %d (-Dfuzz.seed=%d replays it), %d requests%n", store(), seed, seed, requests);
        Fuzzer fuzzer = new Fuzzer(root.toString(), seed, KEY);
        long start = System.nanoTime();
        fuzzer.run(requests);
        System.out.printf("fuzz on %s: %d requests in %.1f s; answers %s%n", store(), requests, (System.nanoTime() - start) / 1e9, fuzzer.statuses);
        System.out.printf("fuzz on %s: milliseconds by kind %s%n", store(), fuzzer.millis);
        assertTrue(fuzzer.findings.isEmpty(), () -> "seed " + seed + ": " + fuzzer.findings.size() + " bad answers, the first:\n"
                + String.join("\n", fuzzer.findings.stream().filter(f -> !f.contains("names 'java.'") && !f.contains("names 'dev.toolspill'")).distinct().limit(12).toList()));
    }

    abstract String store();
}
