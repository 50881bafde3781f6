package dev.toolspill.blob.s3;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTestProfile;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Toolspill on the S3 store, against the run's S3 server (see {@link S3Server}) and a bucket of the profile's own
 * that does not exist yet: the service creates it ({@code create-bucket=true}). Store retries are quick so outage
 * tests stay short.
 * <p>
 * One application for every S3 test with authentication off: S3ServiceTest, BlobContentS3Test, BlobDeleteS3Test,
 * ManyLargeUploadsS3Test and S3RetentionTest. For the last, retention sweeps every 200 ms and removes blobs older than 7 days (written in days,
 * the long way); the others write only new blobs, which it leaves alone, and look only at their own objects in the
 * bucket. AuthS3Profile (TenantsS3Test, FuzzS3Test: authentication on) gives its own settings instead.
 */
public class S3Profile implements QuarkusTestProfile {

    /** The server of the running profile, for tests that stop and restart it. */
    public static volatile S3Server server;

    public static class Resource implements QuarkusTestResourceLifecycleManager {
        private String bucket = "toolspill-it";

        @Override
        public void init(Map<String, String> initArgs) {
            bucket = initArgs.getOrDefault("bucket", bucket);
        }

        @Override
        public Map<String, String> start() {
            server = S3Server.start(bucket, false);
            Map<String, String> config = new HashMap<>(server.quarkusConfig());
            config.put("toolspill.blob-store.s3.create-bucket", "true");
            config.put("toolspill.blob-store.retry.attempts", "2");
            config.put("toolspill.blob-store.retry.backoff", "20ms");
            try { // a spool of its own: what another profile's run left in the shared test spool is not for this bucket
                java.nio.file.Path spools = java.nio.file.Files.createDirectories(java.nio.file.Path.of("target", "spools"));
                config.put("toolspill.spool.dir", java.nio.file.Files.createTempDirectory(spools, bucket + "-").toString());
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return config;
        }

        @Override
        public void stop() {
            server.stop();
        }
    }

    @Override
    public Map<String, String> getConfigOverrides() {
        // the ingest memory small (2 MiB, not an eighth of the heap) and part memory for two parts, so that a few large
        // uploads share them: ManyLargeUploadsS3Test
        return Map.of("toolspill.retention.max-age", "7d", "toolspill.retention.interval", "200ms", "toolspill.ingest.held-bytes", "2097152",
                "toolspill.blob-store.s3.upload-buffer-bytes", String.valueOf(16L << 20));
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(Resource.class, Map.of("bucket", bucket())));
    }

    /** A bucket per profile, so that what one profile's tests list in their bucket is theirs alone. */
    private String bucket() {
        String name = getClass().getName();
        return "toolspill-" + name.substring(name.lastIndexOf('.') + 1).replaceAll("[^A-Za-z0-9]+", "-").toLowerCase(Locale.ROOT);
    }

    @Override
    public String getConfigProfile() {
        return "test";
    }
}
