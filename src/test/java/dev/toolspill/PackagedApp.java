package dev.toolspill;

import org.awaitility.Awaitility;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged app (target/quarkus-app, which {@code mvn verify} builds before the ITs) as the ITs start it: a JVM of
 * its own, on a port the system picks ({@code quarkus.http.port=0}, read back from what the app prints), so IT classes
 * run at once without racing for ports.
 */
final class PackagedApp {

    static final Path JAR = Path.of("target/quarkus-app/quarkus-run.jar");

    private static final Pattern LISTENING = Pattern.compile("Listening on: http://[^\\s:/]+:(\\d+)");
    private static final Pattern MANAGEMENT = Pattern.compile("Management interface listening on http://[^\\s:/]+:(\\d+)");
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private PackagedApp() {
    }

    /** Starts the app with {@code options} (JVM options and {@code -D} settings), all it prints going to {@code log}. */
    static Process start(Path log, List<String> options) throws IOException {
        assertTrue(Files.exists(JAR), "package the app first (mvn verify does)");
        List<String> command = new ArrayList<>(List.of(ChildJvm.JAVA, ChildJvm.QUICK_START, "-Dquarkus.http.host=127.0.0.1", "-Dquarkus.http.port=0",
                "-Dquarkus.management.port=0"));
        command.addAll(options);
        command.addAll(List.of("-jar", JAR.toString()));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** The base URL of a started app once it listens and its readiness check answers 200; fails at once if it exits. */
    static String awaitReady(Process app, Path log) {
        String base = awaitListening(app, log);
        Awaitility.await(base + " ready (see " + log + ")").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                .failFast("the app exited; see " + log, () -> !app.isAlive())
                .ignoreExceptionsInstanceOf(IOException.class)
                .until(() -> HTTP.send(HttpRequest.newBuilder(URI.create(base + "/q/health/ready")).timeout(Duration.ofSeconds(10)).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode() == 200);
        return base;
    }

    /** The base URL of a started app once it listens, ready or not; fails at once if it exits. */
    static String awaitListening(Process app, Path log) {
        return Awaitility.await("the app of " + log + " listens").atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(100)).failFast("the app exited; see " + log, () -> !app.isAlive())
                .until(() -> listening(log, LISTENING), url -> url != null);
    }

    /** The base URL of the management interface (metrics) of an app that listens. */
    static String management(Path log) {
        String url = listening(log, MANAGEMENT);
        assertTrue(url != null, "no management interface in " + log);
        return url;
    }

    /**
     * All that an app which must refuse to start printed: it stops by itself within {@code within}, with an exit code
     * other than 0, and never listened.
     */
    static String awaitRefusal(Process app, Path log, Duration within) throws IOException, InterruptedException {
        try {
            assertTrue(app.waitFor(within.toSeconds(), TimeUnit.SECONDS), "the app should stop by itself; see " + log);
        } finally {
            app.destroyForcibly();
        }
        String output = Files.readString(log);
        assertNotEquals(0, app.exitValue(), output);
        assertTrue(!output.contains("Listening on"), "it must not have served: " + output);
        return output;
    }

    /** Stops a started app: asks it to end, waits up to 30 s, then ends it. */
    static void stop(Process app) throws InterruptedException {
        app.destroy();
        app.waitFor(30, TimeUnit.SECONDS);
        app.destroyForcibly();
    }

    private static String listening(Path log, Pattern line) {
        try {
            Matcher matcher = line.matcher(new String(Files.readAllBytes(log), StandardCharsets.UTF_8));
            return matcher.find() ? "http://127.0.0.1:" + matcher.group(1) : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
