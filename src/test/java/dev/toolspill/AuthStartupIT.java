package dev.toolspill;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Secure by default, as production runs it: the packaged app with no API key and no explicit
 * {@code toolspill.auth.enabled=false} refuses to start, and says how to configure a key or turn authentication off.
 */
class AuthStartupIT {

    @Test
    void theProductionProfileWithoutAKeyRefusesToStartAndSaysWhatToDo() throws Exception {
        Path app = Path.of("target/quarkus-app/quarkus-run.jar");
        assertTrue(Files.exists(app), "package the app first (mvn verify does)");
        Path log = Path.of("target", "auth-startup-it.log");
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m",
                "-Dquarkus.http.host=127.0.0.1", "-Dquarkus.http.port=" + TwoReplicasIT.freePort(),
                "-Dtoolspill.blob-store.fs.root=target/auth-startup-it-data", "-jar", app.toString());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the app should stop by itself; see " + log);
        } finally {
            process.destroyForcibly();
        }
        String output = Files.readString(log);
        assertNotEquals(0, process.exitValue(), output);
        assertTrue(output.contains("no API key is configured"), output);
        assertTrue(output.contains("sha256sum"), output);
        assertTrue(output.contains("toolspill.auth.keys.\"<tenant>\""), output);
        assertTrue(output.contains("toolspill.auth.enabled=false"), output);
        assertTrue(!output.contains("Listening on"), "it must not have served: " + output);
    }
}
