package dev.toolspill.blob.s3;

import dev.toolspill.ChildJvm;
import dev.toolspill.TestPorts;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The run's S3Proxy: its data directory (a bucket is a directory in it), its port and its process. Every Quarkus
 * application of the run loads this class anew in a class loader of its own, so what they share (the directory,
 * the port and the process id) is kept in the system properties, and locked on them; not under {@code toolspill.},
 * which Quarkus refuses to start with when it does not map a key.
 */
final class S3ProxyProcess {

    private static final String DIR = "tests.s3proxy.dir";
    private static final String PORT = "tests.s3proxy.port";
    private static final String PID = "tests.s3proxy.pid";

    final Path baseDir;
    private final int port;

    private S3ProxyProcess(Path baseDir, int port) {
        this.baseDir = baseDir;
        this.port = port;
    }

    /** The run's S3Proxy, started by the first caller. */
    static S3ProxyProcess ofRun() throws IOException {
        synchronized (System.getProperties()) {
            String dir = System.getProperty(DIR);
            if (dir != null) {
                return new S3ProxyProcess(Path.of(dir), Integer.parseInt(System.getProperty(PORT)));
            }
            S3ProxyProcess proxy = new S3ProxyProcess(Files.createTempDirectory("s3proxy-"), TestPorts.free());
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
                    "s3proxy.identity=" + S3Server.ACCESS_KEY,
                    "s3proxy.credential=" + S3Server.SECRET_KEY,
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

    /** Removes a directory and all in it, if it is there. */
    static void delete(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temp dir left behind is harmless
        }
    }
}
