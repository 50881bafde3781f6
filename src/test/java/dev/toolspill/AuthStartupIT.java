package dev.toolspill;

import dev.toolspill.auth.TestJwts;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Secure by default, as production runs it: the packaged app with no API key, no JWT issuer and no explicit
 * {@code toolspill.auth.enabled=false} refuses to start, and says how to configure a key or an issuer or turn
 * authentication off; with only a JWT issuer it starts and takes that issuer's JWTs.
 */
class AuthStartupIT {

    @Test
    void theProductionProfileWithoutAKeyRefusesToStartAndSaysWhatToDo() throws Exception {
        Path log = Path.of("target", "auth-startup-it.log");
        Process process = PackagedApp.start(log, List.of("-Xmx192m", "-Dtoolspill.blob-store.fs.root=target/auth-startup-it-data"));
        String output = PackagedApp.awaitRefusal(process, log, Duration.ofSeconds(60));
        assertTrue(output.contains("no API key is configured"), output);
        assertTrue(output.contains("sha256sum"), output);
        assertTrue(output.contains("toolspill.auth.keys.\"<tenant>\""), output);
        assertTrue(output.contains("toolspill.auth.enabled=false"), output);
        assertTrue(output.contains("toolspill.auth.jwt.issuer"), "the JWT option is named too: " + output);
    }

    @Test
    void theProductionProfileWithOnlyAJwtIssuerStartsAndTakesItsJwts() throws Exception {
        Path log = Path.of("target", "auth-startup-jwt-it.log");
        Process process = PackagedApp.start(log, List.of("-Xmx192m", "-Dtoolspill.blob-store.fs.root=target/auth-startup-jwt-it-data",
                "-Dtoolspill.auth.jwt.issuer=" + TestJwts.ISSUER, "-Dtoolspill.auth.jwt.public-key-location=" + TestJwts.PUBLIC_KEY_LOCATION));
        try {
            String base = PackagedApp.awaitReady(process, log);
            HttpClient http = HttpClient.newHttpClient();
            HttpRequest.Builder tools = HttpRequest.newBuilder(URI.create(base + "/v1/tools")).timeout(Duration.ofSeconds(10));
            assertEquals(200, http.send(tools.copy().header("Authorization", "Bearer " + TestJwts.of("team-a")).build(),
                    HttpResponse.BodyHandlers.ofString()).statusCode(), "a JWT of the issuer gets in; see " + log);
            assertEquals(401, http.send(tools.copy().build(), HttpResponse.BodyHandlers.ofString()).statusCode());
        } finally {
            PackagedApp.stop(process);
        }
    }
}
