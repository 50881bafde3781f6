package dev.toolspill;

import dev.toolspill.auth.TestJwts;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Secure by default, as production runs it: the packaged app with no API key, no JWT issuer and no explicit
 * {@code toolspill.auth.enabled=false} refuses to start, and says how to configure a key or an issuer or turn
 * authentication off; with only a JWT issuer it starts and takes that issuer's JWTs.
 */
class AuthStartupIT {

    @Test
    void theProductionProfileWithoutAKeyRefusesToStartAndSaysWhatToDo() throws Exception {
        Path app = Path.of("target/quarkus-app/quarkus-run.jar");
        assertTrue(Files.exists(app), "package the app first (mvn verify does)");
        Path log = Path.of("target", "auth-startup-it.log");
        List<String> command = List.of(TwoReplicasIT.JAVA, TwoReplicasIT.QUICK_START, "-Xmx128m", "-Dquarkus.management.port=0",
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
        assertTrue(output.contains("toolspill.auth.jwt.issuer"), "the JWT option is named too: " + output);
        assertTrue(!output.contains("Listening on"), "it must not have served: " + output);
    }

    @Test
    void theProductionProfileWithOnlyAJwtIssuerStartsAndTakesItsJwts() throws Exception {
        Path app = Path.of("target/quarkus-app/quarkus-run.jar");
        assertTrue(Files.exists(app), "package the app first (mvn verify does)");
        Path log = Path.of("target", "auth-startup-jwt-it.log");
        int port = TwoReplicasIT.freePort();
        List<String> command = List.of(TwoReplicasIT.JAVA, TwoReplicasIT.QUICK_START, "-Xmx128m", "-Dquarkus.management.port=0",
                "-Dquarkus.http.host=127.0.0.1", "-Dquarkus.http.port=" + port,
                "-Dtoolspill.blob-store.fs.root=target/auth-startup-it-data",
                "-Dtoolspill.auth.jwt.issuer=" + TestJwts.ISSUER, "-Dtoolspill.auth.jwt.public-key-location=" + TestJwts.PUBLIC_KEY_LOCATION,
                "-jar", app.toString());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            String base = "http://127.0.0.1:" + port;
            TwoReplicasIT.awaitReady(base);
            HttpClient http = HttpClient.newHttpClient();
            HttpRequest.Builder tools = HttpRequest.newBuilder(URI.create(base + "/v1/tools")).timeout(Duration.ofSeconds(10));
            assertEquals(200, http.send(tools.copy().header("Authorization", "Bearer " + TestJwts.of("team-a")).build(),
                    HttpResponse.BodyHandlers.ofString()).statusCode(), "a JWT of the issuer gets in; see " + log);
            assertEquals(401, http.send(tools.copy().build(), HttpResponse.BodyHandlers.ofString()).statusCode());
        } finally {
            process.destroy();
            process.waitFor(30, TimeUnit.SECONDS);
            process.destroyForcibly();
        }
    }
}
