package dev.toolspill.auth;

import dev.toolspill.TestDigests;
import dev.toolspill.api.AuthProfileTest;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

/**
 * API keys rotate without a restart, through the real HTTP layer: the running application reads
 * toolspill.auth.keys-file again when it changes; during the overlap the old and the new key are both valid, then
 * the old one is refused.
 */
@QuarkusTest
@TestProfile(AuthProfileTest.Profile.class) // with its keys file: one application for the authentication tests
public class KeyRotationTest {

    static final Path FILE = Path.of("target/key-rotation/api-keys.properties");
    static final String OLD = "old-key-of-rotating-51c2";
    static final String NEW = "new-key-of-rotating-9d07";

    /** The keys file as the application starts: the old key alone. */
    public static Path writeOld() {
        write(OLD);
        return FILE;
    }

    static void write(String... keys) {
        StringBuilder digests = new StringBuilder();
        for (String key : keys) {
            digests.append(digests.isEmpty() ? "" : ",").append(TestDigests.sha256(key));
        }
        try {
            Files.createDirectories(FILE.getParent());
            Path next = FILE.resolveSibling("next.properties");
            Files.writeString(next, "toolspill.auth.keys.\"rotating\"=" + digests + "\n");
            Files.move(next, FILE, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int status(String key) {
        return given().header("Authorization", "Bearer " + key).when().get("/v1/tools").then().extract().statusCode();
    }

    @Test
    void theNewKeyIsValidBesideTheOldOneThenAloneWithoutARestart() {
        write(OLD);
        await().atMost(Duration.ofSeconds(30)).until(() -> status(OLD) == 200);
        given().header("Authorization", "Bearer " + NEW).when().get("/v1/tools").then().statusCode(401)
                .contentType("application/problem+json");

        write(OLD, NEW);
        await().atMost(Duration.ofSeconds(30)).until(() -> status(NEW) == 200);
        given().header("Authorization", "Bearer " + OLD).when().get("/v1/tools").then().statusCode(200);

        write(NEW);
        await().atMost(Duration.ofSeconds(30)).until(() -> status(OLD) == 401);
        given().header("Authorization", "Bearer " + NEW).when().get("/v1/tools").then().statusCode(200);
    }
}
