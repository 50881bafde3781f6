package dev.toolspill.blob.s3;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.http.nio.netty.SdkEventLoopGroup;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;

/**
 * A real S3 server for tests: S3Proxy (filesystem backend) as its own JVM on a free loopback port, or,
 * when {@code TOOLSPILL_TEST_S3_ENDPOINT} is set, an external S3 or MinIO named by the
 * {@code TOOLSPILL_TEST_S3_*} variables (ENDPOINT, ACCESS_KEY, SECRET_KEY, REGION, BUCKET).
 * <p>
 * One S3Proxy serves the whole test run (it takes seconds to start, and a class needs only a bucket): each
 * {@link #start(String)} gets a bucket of its own name on it, and the process ends with the JVM. {@link #halt()} and
 * {@link #launch()} stop and restart that process for outage tests, on the same port and data.
 */
public final class S3Server {

    public static final String ACCESS_KEY = "toolspill-test";
    public static final String SECRET_KEY = "toolspill-test-secret";

    private final String endpoint;
    private final String accessKey;
    private final String secretKey;
    private final String region;
    private final String bucket;
    private final S3ProxyProcess proxy;

    private S3Server(String endpoint, String accessKey, String secretKey, String region, String bucket, S3ProxyProcess proxy) {
        this.endpoint = endpoint;
        this.accessKey = accessKey;
        this.secretKey = secretKey;
        this.region = region;
        this.bucket = bucket;
        this.proxy = proxy;
    }

    /** A bucket named {@code bucket}, created, on the run's S3Proxy, or the external server if one is configured. */
    public static S3Server start(String bucket) {
        return start(bucket, true);
    }

    /** As {@link #start(String)}, leaving the bucket to be created by the code under test when {@code create} is false. */
    public static S3Server start(String bucket, boolean create) {
        String external = System.getenv("TOOLSPILL_TEST_S3_ENDPOINT");
        if (external != null && !external.isBlank()) {
            return new S3Server(external, env("TOOLSPILL_TEST_S3_ACCESS_KEY", "minioadmin"), env("TOOLSPILL_TEST_S3_SECRET_KEY", "minioadmin"),
                    env("TOOLSPILL_TEST_S3_REGION", "us-east-1"), env("TOOLSPILL_TEST_S3_BUCKET", bucket), null);
        }
        try {
            S3ProxyProcess shared = S3ProxyProcess.ofRun();
            Path dir = shared.baseDir.resolve(bucket);
            S3ProxyProcess.delete(dir); // a fresh bucket, whatever a class before left under this name
            if (create) {
                Files.createDirectories(dir);
            }
            return new S3Server(shared.endpoint(), ACCESS_KEY, SECRET_KEY, "us-east-1", bucket, shared);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public boolean external() {
        return proxy == null;
    }

    /** Starts (or restarts, on the same port and data) the S3Proxy process and waits until it answers. */
    public void launch() throws IOException {
        if (!external()) {
            proxy.launch();
        }
    }

    /** Stops the server process (an outage of every bucket); its data stays for a later {@link #launch()}. */
    public void halt() {
        if (!external()) {
            proxy.halt();
        }
    }

    /** Removes this bucket; the process serves the rest of the run and stops with the JVM. */
    public void stop() {
        if (!external()) {
            S3ProxyProcess.delete(proxy.baseDir.resolve(bucket));
        }
    }

    public String endpoint() {
        return endpoint;
    }

    public String bucket() {
        return bucket;
    }

    /** Whether this bucket holds an object under {@code key}, asked of the server (a HEAD) with {@code client}. */
    public boolean holds(S3AsyncClient client, String key) {
        try {
            client.headObject(head -> head.bucket(bucket).key(key)).join();
            return true;
        } catch (CompletionException e) {
            if (e.getCause() instanceof NoSuchKeyException) {
                return false;
            }
            throw e;
        }
    }

    /** The object's bytes straight from the server's disk (S3Proxy's filesystem backend). */
    public Path objectFile(String key) {
        return proxy.baseDir.resolve(bucket).resolve(key);
    }

    /**
     * The Netty threads of every test client, for the whole run. A client with threads of its own waits out Netty's
     * 2-second quiet period when it is closed (the suite closed about 30, one a poll in some tests); a client given
     * these leaves them running when it is closed.
     */
    private static final SdkEventLoopGroup EVENT_LOOPS = SdkEventLoopGroup.builder().numberOfThreads(2).build();

    public S3AsyncClient client() {
        return client(List.of());
    }

    /** A client whose every request passes {@code interceptors} too (to count the requests a store makes). */
    public S3AsyncClient client(List<software.amazon.awssdk.core.interceptor.ExecutionInterceptor> interceptors) {
        return S3AsyncClient.builder()
                .overrideConfiguration(override -> override.executionInterceptors(interceptors))
                .httpClientBuilder(NettyNioAsyncHttpClient.builder().eventLoopGroup(EVENT_LOOPS))
                .endpointOverride(URI.create(endpoint))
                .forcePathStyle(true)
                .region(Region.of(region))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKey, secretKey)))
                .build();
    }

    /** The settings that point Toolspill at this server. */
    public Map<String, String> quarkusConfig() {
        Map<String, String> config = new HashMap<>();
        config.put("toolspill.blob-store.type", "s3");
        config.put("toolspill.blob-store.s3.bucket", bucket);
        config.put("quarkus.s3.endpoint-override", endpoint);
        config.put("quarkus.s3.path-style-access", "true");
        config.put("quarkus.s3.aws.region", region);
        config.put("quarkus.s3.aws.credentials.type", "static");
        config.put("quarkus.s3.aws.credentials.static-provider.access-key-id", accessKey);
        config.put("quarkus.s3.aws.credentials.static-provider.secret-access-key", secretKey);
        return config;
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
