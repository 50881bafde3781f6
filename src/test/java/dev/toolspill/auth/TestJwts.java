package dev.toolspill.auth;

import io.smallrye.jwt.algorithm.SignatureAlgorithm;
import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.build.JwtClaimsBuilder;
import io.smallrye.jwt.util.KeyUtils;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.lang.JoseException;

import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.time.Instant;
import java.util.Base64;

/**
 * JWTs as an identity provider would issue them, signed with the test-only RSA keys in {@code src/test/resources/jwt}
 * (made with {@code openssl genpkey}; they protect nothing): the issuer's, whose public half the service is configured
 * with, and another one, whose signatures must not verify.
 */
public final class TestJwts {

    public static final String ISSUER = "https://idp.example.test/realms/tools";
    public static final String AUDIENCE = "toolspill";
    /** The issuer's public key as a file path, as an operator would configure it. */
    public static final String PUBLIC_KEY_LOCATION = Path.of("src/test/resources/jwt/issuer-public-key.pem").toAbsolutePath().toString();

    private TestJwts() {
    }

    /** Claims of a valid token of this tenant: the issuer, the audience, a subject, issued now, expiring in five minutes. */
    public static JwtClaimsBuilder claims(String tenant) {
        return Jwt.issuer(ISSUER).audience(AUDIENCE).subject("svc-" + tenant).claim("tenant", tenant)
                .issuedAt(Instant.now()).expiresAt(Instant.now().plusSeconds(300));
    }

    /** A valid token of this tenant. */
    public static String of(String tenant) {
        return signed(claims(tenant));
    }

    /** These claims, signed by the configured issuer's key (RS256). */
    public static String signed(JwtClaimsBuilder claims) {
        return claims.sign(key("jwt/issuer-private-key.pem"));
    }

    /** These claims, signed by a key the service does not know. */
    public static String signedByAnotherKey(JwtClaimsBuilder claims) {
        return claims.sign(key("jwt/other-private-key.pem"));
    }

    /** These claims, HS256 with the issuer's public key file as the HMAC secret: the algorithm-confusion attack. */
    public static String signedWithThePublicKeyAsASecret(JwtClaimsBuilder claims) {
        try {
            String publicKey = Files.readString(Path.of(PUBLIC_KEY_LOCATION));
            return claims.jws().algorithm(SignatureAlgorithm.HS256).sign(new SecretKeySpec(publicKey.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        } catch (IOException e) {
            throw new IllegalStateException("the test public key is readable", e);
        }
    }

    /** These claims, as JSON exactly (the builder would add {@code exp} and {@code iat}), signed by the issuer's key. */
    public static String signedJson(String claimsJson) {
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(claimsJson);
        jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
        jws.setKey(key("jwt/issuer-private-key.pem"));
        try {
            return jws.getCompactSerialization();
        } catch (JoseException e) {
            throw new IllegalStateException("an RS256 signature with a readable key", e);
        }
    }

    /** An unsigned token ({@code "alg":"none"}) with these claims, as JSON. */
    public static String unsigned(String claimsJson) {
        Base64.Encoder base64url = Base64.getUrlEncoder().withoutPadding();
        return base64url.encodeToString("{\"alg\":\"none\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8)) + "."
                + base64url.encodeToString(claimsJson.getBytes(StandardCharsets.UTF_8)) + ".";
    }

    private static PrivateKey key(String resource) {
        try {
            return KeyUtils.readPrivateKey(resource);
        } catch (Exception e) {
            throw new IllegalStateException("the test key " + resource + " is readable", e);
        }
    }
}
