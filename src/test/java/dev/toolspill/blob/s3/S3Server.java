package dev.toolspill.blob.s3;

import dev.toolspill.ChildJvm;
import dev.toolspill.TestPorts;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
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
import java.util.concurrent.CompletionException;
import java.util.stream.Stream;

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
    private final Proxy proxy;

    private S3Server(String endpoint, String accessKey, String secretKey, String region, String bucket, Proxy proxy) {
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
            Proxy shared = Proxy.ofRun();
            Path dir = shared.baseDir.resolve(bucket);
            delete(dir); // a fresh bucket, whatever a class before left under this name
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
            delete(proxy.baseDir.resolve(bucket));
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

    private static void delete(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temp dir left behind is harmless
        }
    }

    /**
     * The run's S3Proxy: its data directory (a bucket is a directory in it), its port and its process. Every Quarkus
     * application of the run loads this class anew in a class loader of its own, so what they share (the directory,
     * the port and the process id) is kept in the system properties, and locked on them; not under {@code toolspill.},
     * which Quarkus refuses to start with when it does not map a key.
     */
    private static final class Proxy {
        private static final String DIR = "tests.s3proxy.dir";
        private static final String PORT = "tests.s3proxy.port";
        private static final String PID = "tests.s3proxy.pid";

        private final Path baseDir;
        private final int port;

        private Proxy(Path baseDir, int port) {
            this.baseDir = baseDir;
            this.port = port;
        }

        /** The run's S3Proxy, started by the first caller. */
        static Proxy ofRun() throws IOException {
            synchronized (System.getProperties()) {
                String dir = System.getProperty(DIR);
                if (dir != null) {
                    return new Proxy(Path.of(dir), Integer.parseInt(System.getProperty(PORT)));
                }
                Proxy proxy = new Proxy(Files.createTempDirectory("s3proxy-"), TestPorts.free());
                proxy.launch();
                System.setProperty(DIR, proxy.baseDir.toString());
                System.setProperty(PORT, String.valueOf(proxy.port));
                Runtime.getRuntime().addShutdownHook(new Thread(proxy::destroy, "s3proxy-stop"));
                return proxy;
            }
        }

        String endpoint() {
            return "http://127.0.0.1:" + port;
        }

        void launch() throws IOException {
            synchronized (System.getProperties()) {
                if (running().isPresent()) {
                    return;
                }
                Path properties = baseDir.resolveSibling(baseDir.getFileName() + ".properties");
                Files.writeString(properties, String.join("\n",
                        "s3proxy.endpoint=" + endpoint(),
                        "s3proxy.authorization=aws-v2-or-v4",
                        "s3proxy.identity=" + ACCESS_KEY,
                        "s3proxy.credential=" + SECRET_KEY,
                        "s3proxy.ignore-unknown-headers=true",
                        "jclouds.provider=filesystem",
                        "jclouds.filesystem.basedir=" + baseDir));
                String jar = System.getProperty("s3proxy.jar", "target/s3proxy/s3proxy.jar");
                if (!Files.exists(Path.of(jar))) {
                    throw new IllegalStateException(jar + " is missing: run the tests through Maven, which copies S3Proxy there");
                }
                Path log = baseDir.resolveSibling(baseDir.getFileName() + ".log");
                Process process = new ProcessBuilder(List.of(ChildJvm.JAVA,
                        "-Xmx256m", ChildJvm.QUICK_START, "-jar", jar, "--properties", properties.toString()))
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                        .start();
                System.setProperty(PID, String.valueOf(process.pid()));
                awaitReady(process, log);
            }
        }

        /** Waits until S3Proxy answers HTTP (any answer: a 403 without credentials means it is serving). */
        private void awaitReady(Process started, Path log) throws IOException {
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
            HttpRequest probe = HttpRequest.newBuilder(URI.create(endpoint() + "/")).timeout(Duration.ofSeconds(1)).build();
            try {
                Awaitility.await("S3Proxy at " + endpoint()).atMost(Duration.ofSeconds(60)).pollDelay(Duration.ZERO)
                        .pollInterval(Duration.ofMillis(100)).until(() -> {
                            if (!started.isAlive()) {
                                throw new IllegalStateException("S3Proxy exited with " + started.exitValue() + ": " + Files.readString(log));
                            }
                            try {
                                http.send(probe, HttpResponse.BodyHandlers.discarding());
                                return true;
                            } catch (IOException notYet) {
                                return false;
                            }
                        });
            } catch (ConditionTimeoutException e) {
                throw new IllegalStateException("S3Proxy did not answer within 60 s: " + Files.readString(log));
            }
        }

        private static java.util.Optional<ProcessHandle> running() {
            String pid = System.getProperty(PID);
            return pid == null ? java.util.Optional.empty() : ProcessHandle.of(Long.parseLong(pid)).filter(ProcessHandle::isAlive);
        }

        void halt() {
            synchronized (System.getProperties()) {
                running().ifPresent(process -> {
                    process.destroyForcibly(); // an outage, not a shutdown: and quicker
                    process.onExit().join();
                });
                System.clearProperty(PID);
            }
        }

        void destroy() {
            halt();
            delete(baseDir);
            for (String beside : new String[] {".properties", ".log"}) {
                baseDir.resolveSibling(baseDir.getFileName() + beside).toFile().delete();
            }
        }
    }
}
