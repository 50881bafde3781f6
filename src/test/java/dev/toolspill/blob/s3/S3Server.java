package dev.toolspill.blob.s3;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3AsyncClient;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A real S3 server for tests: S3Proxy (filesystem backend) as its own JVM on a free loopback port, or,
 * when {@code TOOLSPILL_TEST_S3_ENDPOINT} is set, an external S3 or MinIO named by the
 * {@code TOOLSPILL_TEST_S3_*} variables (ENDPOINT, ACCESS_KEY, SECRET_KEY, REGION, BUCKET).
 */
public final class S3Server {

    public static final String ACCESS_KEY = "toolspill-test";
    public static final String SECRET_KEY = "toolspill-test-secret";

    private final String endpoint;
    private final String accessKey;
    private final String secretKey;
    private final String region;
    private final String bucket;
    private final Path baseDir;
    private final int port;
    private Process process;

    private S3Server(String endpoint, String accessKey, String secretKey, String region, String bucket, Path baseDir, int port) {
        this.endpoint = endpoint;
        this.accessKey = accessKey;
        this.secretKey = secretKey;
        this.region = region;
        this.bucket = bucket;
        this.baseDir = baseDir;
        this.port = port;
    }

    /** Starts S3Proxy with {@code bucket} created, or connects to the external server if one is configured. */
    public static S3Server start(String bucket) {
        return start(bucket, true);
    }

    /** As {@link #start(String)}, leaving the bucket to be created by the code under test when {@code create} is false. */
    public static S3Server start(String bucket, boolean create) {
        String external = System.getenv("TOOLSPILL_TEST_S3_ENDPOINT");
        if (external != null && !external.isBlank()) {
            return new S3Server(external, env("TOOLSPILL_TEST_S3_ACCESS_KEY", "minioadmin"), env("TOOLSPILL_TEST_S3_SECRET_KEY", "minioadmin"),
                    env("TOOLSPILL_TEST_S3_REGION", "us-east-1"), env("TOOLSPILL_TEST_S3_BUCKET", bucket), null, -1);
        }
        try {
            Path baseDir = Files.createTempDirectory("s3proxy-");
            if (create) {
                Files.createDirectories(baseDir.resolve(bucket));
            }
            int port = freePort();
            S3Server server = new S3Server("http://127.0.0.1:" + port, ACCESS_KEY, SECRET_KEY, "us-east-1", bucket, baseDir, port);
            server.launch();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public boolean external() {
        return baseDir == null;
    }

    /** Starts (or restarts, on the same port and data) the S3Proxy process and waits until it answers. */
    public void launch() throws IOException {
        if (external()) {
            return;
        }
        Path properties = baseDir.resolveSibling(baseDir.getFileName() + ".properties");
        Files.writeString(properties, String.join("\n",
                "s3proxy.endpoint=" + endpoint,
                "s3proxy.authorization=aws-v2-or-v4",
                "s3proxy.identity=" + accessKey,
                "s3proxy.credential=" + secretKey,
                "s3proxy.ignore-unknown-headers=true",
                "jclouds.provider=filesystem",
                "jclouds.filesystem.basedir=" + baseDir));
        String jar = System.getProperty("s3proxy.jar", "target/s3proxy/s3proxy.jar");
        if (!Files.exists(Path.of(jar))) {
            throw new IllegalStateException(jar + " is missing: run the tests through Maven, which copies S3Proxy there");
        }
        Path log = baseDir.resolveSibling(baseDir.getFileName() + ".log");
        process = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-jar", jar, "--properties", properties.toString()))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        awaitReady(log);
    }

    private void awaitReady(Path log) throws IOException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("S3Proxy exited with " + process.exitValue() + ": " + Files.readString(log));
            }
            try {
                http.send(HttpRequest.newBuilder(URI.create(endpoint + "/")).timeout(Duration.ofSeconds(1)).build(),
                        HttpResponse.BodyHandlers.discarding());
                return; // any HTTP answer (403 without credentials) means it is serving
            } catch (IOException e) {
                onSpinWait(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new IllegalStateException("S3Proxy did not answer within 60 s: " + Files.readString(log));
    }

    private static void onSpinWait(long millis) {
        try {
            Thread.sleep(millis); // poll interval of the readiness check above
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the server process; its data stays for a later {@link #launch()}. */
    public void halt() {
        if (process != null) {
            process.destroyForcibly(); // an outage, not a shutdown: and quicker
            try {
                process.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            process = null;
        }
    }

    public void stop() {
        halt();
        if (baseDir != null) {
            try (Stream<Path> files = Files.walk(baseDir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException ignored) {
                // a temp dir left behind is harmless
            }
        }
    }

    public String endpoint() {
        return endpoint;
    }

    public String bucket() {
        return bucket;
    }

    /** The object's bytes straight from the server's disk (S3Proxy's filesystem backend). */
    public Path objectFile(String key) {
        return baseDir.resolve(bucket).resolve(key);
    }

    public S3AsyncClient client() {
        return S3AsyncClient.builder()
                .httpClientBuilder(NettyNioAsyncHttpClient.builder())
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

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
