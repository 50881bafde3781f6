package dev.toolspill;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every documented bound of a {@code toolspill.*} key is checked as the packaged app starts, before it serves: a value
 * past it stops start-up with a message that names the key, the value and what would work (the check lived in a
 * lazily created bean, so the app started, said it was ready, and answered 500 to every call). The bound itself is
 * accepted: the app starts and serves.
 */
class ConfigStartupIT {

    /** A key, a value past its bound, and what the message says would work. */
    record PastBound(String key, String value, String works) {
    }

    /**
     * Every bound, in two starts rather than one each (a start of the jar costs seconds): the validation of the
     * configuration reports every value past its bound at once, one line each, so each line is checked on its own. A
     * key appears once a start, hence two ({@code toolspill.limits.default} twice).
     */
    static Stream<List<PastBound>> pastTheirBounds() {
        return Stream.of(
                List.of(new PastBound("toolspill.limits.default", "100", "at least 128 bytes"),
                        new PastBound("toolspill.limits.tools.grep", "127", "at least 128 bytes"),
                        new PastBound("toolspill.limits.tools.\"my tool\"", "0", "at least 128 bytes"),
                        new PastBound("toolspill.scan.max-string-bytes", "0", "at least 1"),
                        new PastBound("toolspill.scan.max-number-digits", "0", "at least 1")),
                List.of(new PastBound("toolspill.limits.default", "127", "at least 128 bytes"),
                        new PastBound("toolspill.scan.max-depth", "0", "at least 1"),
                        new PastBound("toolspill.scan.max-index-keys", "-1", "at least 1")));
    }

    @ParameterizedTest
    @MethodSource("pastTheirBounds")
    void aValuePastItsBoundStopsStartUpAndSaysWhatWouldWork(List<PastBound> values) throws Exception {
        Path log = Path.of("target", "config-startup-it.log");
        Process process = start(log, values.stream().map(bad -> "-D" + bad.key() + "=" + bad.value()).toArray(String[]::new));
        String output = PackagedApp.awaitRefusal(process, log, Duration.ofSeconds(90));
        for (PastBound bad : values) {
            // the line that names the key (quoted or not) and the value says what would work
            List<String> lines = output.lines().filter(line -> line.contains(bad.key().replace("\"", "")) || line.contains(bad.key()))
                    .filter(line -> line.contains("(was " + bad.value() + ")")).toList();
            assertFalse(lines.isEmpty(), "names the key " + bad.key() + " and the value " + bad.value() + ": " + output);
            assertTrue(lines.stream().anyMatch(line -> line.contains(bad.works())), "says what would work for " + bad.key() + ": " + output);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"toolspill.limits.default=128 and toolspill.limits.tools.grep=128, 128"})
    void theBoundItselfIsAccepted(String what, String limit) throws Exception {
        Path log = Path.of("target", "config-startup-bound-it.log");
        Process process = start(log, "-Dtoolspill.limits.default=" + limit, "-Dtoolspill.limits.tools.grep=" + limit);
        try {
            String base = PackagedApp.awaitReady(process, log);
            var http = java.net.http.HttpClient.newHttpClient();
            var upload = java.net.http.HttpRequest.newBuilder(java.net.URI.create(base + "/v1/tool-outputs?tool=grep"))
                    .header("Content-Type", "text/plain").POST(java.net.http.HttpRequest.BodyPublishers.ofString("x".repeat(5000))).build();
            assertEquals(200, http.send(upload, java.net.http.HttpResponse.BodyHandlers.ofString()).statusCode(), "see " + log);
        } finally {
            PackagedApp.stop(process);
        }
    }

    /**
     * Budgets that each hold within bounds but together leave the heap no room refuse too, naming each budget and the
     * heap that would do: at 192 MiB, a 100 MiB index cache with the other defaults take 192 MiB (more than 144).
     */
    @org.junit.jupiter.api.Test
    void budgetsThatTogetherDoNotFitTheHeapStopStartUp() throws Exception {
        Path log = Path.of("target", "config-startup-heap-it.log");
        Process process = start(log, "-Dtoolspill.inspect.index-cache-bytes=" + (100L << 20));
        String output = PackagedApp.awaitRefusal(process, log, Duration.ofSeconds(90));
        assertTrue(output.contains("the memory budgets take 192 MiB together, more than 75% of this JVM's heap (144 MiB of 192 MiB)"), output);
        assertTrue(output.contains(": toolspill.inspect.index-cache-bytes=100 MiB, "), output);
        assertTrue(output.contains("give the JVM a heap (-Xmx) of at least 263 MiB"), output);
    }

    private static Process start(Path log, String... properties) throws Exception {
        List<String> options = new ArrayList<>(List.of("-Xmx192m", "-Dtoolspill.auth.enabled=false",
                "-Dtoolspill.blob-store.fs.root=target/config-startup-it-data", "-Dtoolspill.spool.dir=target/config-startup-it-data/spool"));
        options.addAll(List.of(properties));
        return PackagedApp.start(log, options);
    }
}
