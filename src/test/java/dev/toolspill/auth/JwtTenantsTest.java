package dev.toolspill.auth;

import com.sun.net.httpserver.HttpServer;
import dev.toolspill.ParallelSafe;
import dev.toolspill.config.JwtConfig;
import io.smallrye.jwt.util.KeyUtils;
import org.awaitility.Awaitility;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwk.RsaJsonWebKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.interfaces.RSAPublicKey;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JWT settings checked at start-up, the shape that sends a token the JWT way, and a JWKS as the issuer's key. */
@ParallelSafe // each method serves its JWKS on a port of its own
class JwtTenantsTest {

    record Settings(Optional<String> issuer, Optional<String> publicKeyLocation, String tenantClaim,
                    Optional<List<String>> audience, Duration clockSkew, Duration jwksTimeout) implements JwtConfig {
        Settings(Optional<String> issuer, Optional<String> publicKeyLocation, String tenantClaim, Optional<List<String>> audience, Duration clockSkew) {
            this(issuer, publicKeyLocation, tenantClaim, audience, clockSkew, Duration.ofSeconds(5));
        }

        static Settings of(String issuer, String location) {
            return new Settings(Optional.ofNullable(issuer), Optional.ofNullable(location), "tenant", Optional.empty(), Duration.ofSeconds(60));
        }
    }

    @Test
    void aKeyFileThatCannotBeReadAsAKeyStopsStartUpAndDoesNotQuoteItsPath(@TempDir Path dir) throws Exception {
        // accepted before, so the replica started and refused every JWT, saying why only at DEBUG
        Path missing = dir.resolve("no-such-key.pem");
        Path garbage = Files.writeString(dir.resolve("garbage.pem"), "-----BEGIN PUBLIC KEY-----\nnot a key\n-----END PUBLIC KEY-----\n");
        for (String location : List.of(missing.toString(), "file:" + missing, garbage.toString())) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> JwtTenants.configured(Settings.of(TestJwts.ISSUER, location)), location);
            assertTrue(e.getMessage().contains("toolspill.auth.jwt.public-key-location"), e.getMessage());
            assertFalse(e.getMessage().contains(dir.toString()), e.getMessage());
        }
    }

    @Test
    void aJwksFileServesAsTheIssuersKey(@TempDir Path dir) throws Exception {
        RSAPublicKey key = (RSAPublicKey) KeyUtils.readPublicKey("jwt/issuer-public-key.pem");
        RsaJsonWebKey jwk = new RsaJsonWebKey(key);
        jwk.setKeyId("issuer-1");
        Path jwks = Files.writeString(dir.resolve("jwks.json"), new JsonWebKeySet(jwk).toJson());

        JwtTenants jwts = JwtTenants.configured(Settings.of(TestJwts.ISSUER, jwks.toString())).orElseThrow();
        assertEquals(Optional.of("team-a"), jwts.tenantOf(TestJwts.of("team-a")));
        assertEquals(Optional.empty(), jwts.tenantOf(TestJwts.signedByAnotherKey(TestJwts.claims("team-a"))));
        assertEquals(Optional.of("team-b"), jwts.tenantOf(TestJwts.signed(TestJwts.claims("team-b").audience("anyone"))),
                "without configured audiences, aud is not checked");
    }

    @Test
    void aJwksUrlServesAsTheIssuersKey() throws Exception {
        RsaJsonWebKey jwk = new RsaJsonWebKey((RSAPublicKey) KeyUtils.readPublicKey("jwt/issuer-public-key.pem"));
        byte[] jwks = new JsonWebKeySet(jwk).toJson().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        HttpServer issuer = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        issuer.createContext("/keys", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, jwks.length);
            exchange.getResponseBody().write(jwks);
            exchange.close();
        });
        issuer.start();
        try {
            String url = "http://127.0.0.1:" + issuer.getAddress().getPort() + "/keys";
            JwtTenants jwts = JwtTenants.configured(Settings.of(TestJwts.ISSUER, url)).orElseThrow();
            assertEquals(Optional.of("team-a"), jwts.tenantOf(TestJwts.of("team-a")));
            assertEquals(Optional.empty(), jwts.tenantOf(TestJwts.signedByAnotherKey(TestJwts.claims("team-a"))));
        } finally {
            issuer.stop(0);
        }
    }

    @Test
    void aJwksUrlThatNeverAnswersIsAskedOnceAndThenNotAgainForAWhile() throws Exception {
        // jose4j's defaults: a 20 s read timeout and three retries, some 80 s per JWT, one JWT after another
        AtomicInteger fetches = new AtomicInteger();
        CountDownLatch end = new CountDownLatch(1);
        HttpServer stalled = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        stalled.setExecutor(Executors.newCachedThreadPool());
        stalled.createContext("/keys", exchange -> {
            fetches.incrementAndGet();
            try {
                end.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        stalled.start();
        try {
            String url = "http://127.0.0.1:" + stalled.getAddress().getPort() + "/keys";
            JwtTenants jwts = JwtTenants.configured(new Settings(Optional.of(TestJwts.ISSUER), Optional.of(url), "tenant",
                    Optional.empty(), Duration.ofSeconds(60), Duration.ofSeconds(2))).orElseThrow();

            assertEquals(Optional.empty(), jwts.tenantOf(TestJwts.of("team-a")));
            assertEquals(1, fetches.get(), "one fetch, given up after the JWKS timeout, not retried");
            assertEquals(Optional.empty(), jwts.tenantOf(TestJwts.of("team-a")));
            assertEquals(1, fetches.get(), "right after a failed fetch, a JWT is refused without another");
        } finally {
            end.countDown();
            stalled.stop(0);
        }
    }

    @Test
    void aJwksUrlThatAnswersGarbageOnceIsAskedAgainAndItsKeysThenServe() throws Exception {
        // SmallRye kept a resolver without a key after a garbage answer (an IdP's HTML error page), and never fetched
        // again: every JWT of that replica was refused until it restarted
        RsaJsonWebKey jwk = new RsaJsonWebKey((RSAPublicKey) KeyUtils.readPublicKey("jwt/issuer-public-key.pem"));
        byte[] good = new JsonWebKeySet(jwk).toJson().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] garbage = "<html>503 Service Unavailable</html>".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        AtomicInteger fetches = new AtomicInteger();
        HttpServer issuer = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        issuer.createContext("/keys", exchange -> {
            byte[] body = fetches.incrementAndGet() <= 2 ? garbage : good; // SmallRye reads a failed JWKS URL twice
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        issuer.start();
        try {
            String url = "http://127.0.0.1:" + issuer.getAddress().getPort() + "/keys";
            JwtTenants jwts = JwtTenants.configured(new Settings(Optional.of(TestJwts.ISSUER), Optional.of(url), "tenant",
                    Optional.empty(), Duration.ofSeconds(60), Duration.ofMillis(100))).orElseThrow();
            assertEquals(Optional.empty(), jwts.tenantOf(TestJwts.of("team-a")), "garbage holds no key");

            // the next try comes once the 100 ms after the failed load are over
            Optional<String> tenant = Awaitility.await("the keys loaded again").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20))
                    .until(() -> jwts.tenantOf(TestJwts.of("team-a")), Optional::isPresent);
            assertEquals(Optional.of("team-a"), tenant);
        } finally {
            issuer.stop(0);
        }
    }

    @Test
    void aJwksUrlThatAnswersGarbageAndThenStallsStillRefusesWithinTheTimeout() throws Exception {
        // after a garbage answer SmallRye reads the URL once more, as a PEM, with no timeout: a second request that
        // stalled held the JWT (and the lock every other JWT waits on) for as long as the IdP kept it
        AtomicInteger fetches = new AtomicInteger();
        CountDownLatch end = new CountDownLatch(1);
        byte[] garbage = "<html>503 Service Unavailable</html>".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        HttpServer issuer = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        issuer.setExecutor(Executors.newCachedThreadPool());
        issuer.createContext("/keys", exchange -> {
            if (fetches.incrementAndGet() == 1) {
                exchange.sendResponseHeaders(200, garbage.length);
                exchange.getResponseBody().write(garbage);
            } else {
                try {
                    end.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            exchange.close();
        });
        issuer.start();
        try {
            String url = "http://127.0.0.1:" + issuer.getAddress().getPort() + "/keys";
            JwtTenants jwts = JwtTenants.configured(new Settings(Optional.of(TestJwts.ISSUER), Optional.of(url), "tenant",
                    Optional.empty(), Duration.ofSeconds(60), Duration.ofMillis(500))).orElseThrow();
            String token = TestJwts.of("team-a");

            // a guard against hanging for good, far above the 500 ms timeout, not a measure of it
            assertEquals(Optional.empty(), assertTimeoutPreemptively(Duration.ofSeconds(60), () -> jwts.tenantOf(token)));
            assertEquals(2, fetches.get(), "the JWKS fetch and the one read as a PEM");
        } finally {
            end.countDown();
            issuer.stop(0);
        }
    }
}
