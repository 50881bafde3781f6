package dev.toolspill.config;

import io.smallrye.config.WithDefault;
import org.hibernate.validator.constraints.time.DurationMin;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * {@code toolspill.auth.jwt.*}: JSON Web Tokens from an identity provider, beside the API keys. Off unless an issuer is
 * set. Nested in {@link ToolspillConfig.Auth} (kept here for size).
 */
public interface JwtConfig {
    /** The {@code iss} every accepted JWT carries; set, JWTs are accepted (and checked) beside the API keys. */
    Optional<String> issuer();

    /** The issuer's public key: a PEM public key or a JWKS, as a file path or an http(s) URL; required with an issuer. */
    Optional<String> publicKeyLocation();

    /** The claim whose string value is the tenant (a name as in {@code toolspill.auth.keys}). */
    @WithDefault("tenant")
    @jakarta.validation.constraints.NotBlank(message = Bounds.NOT_BLANK_CLAIM)
    String tenantClaim();

    /** Audiences a JWT must name one of in {@code aud}, comma-separated; absent: {@code aud} is not checked. */
    Optional<List<String>> audience();

    /** How far clocks may disagree when {@code exp}, {@code nbf} and {@code iat} are checked. */
    @WithDefault("60s")
    Duration clockSkew();

    /**
     * Most one fetch of a JWKS URL may take to connect, and each read; not retried, and after a failed first load JWTs
     * are refused at once for as long before the next try.
     */
    @WithDefault("5s")
    @DurationMin(nanos = 0, inclusive = false, message = Bounds.LONGER_THAN_0)
    Duration jwksTimeout();
}
