package dev.toolspill.config;

import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.AssertTrue;
import org.hibernate.validator.constraints.time.DurationMin;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * {@code toolspill.auth.jwt.*}: JSON Web Tokens from an identity provider, beside the API keys. Off unless an issuer is
 * set. Nested in {@link ToolspillConfig.Auth} (kept here for size).
 */
public interface JwtConfig {
    /** What to set for JWTs, in the messages that refuse a configuration that could verify none. */
    String HOW_TO_CONFIGURE = "toolspill.auth.jwt.issuer=<the iss of your identity provider's tokens> and "
            + "toolspill.auth.jwt.public-key-location=<its PEM public key or JWKS, a file path or an https URL> "
            + "(the tenant is the string claim toolspill.auth.jwt.tenant-claim, default 'tenant')";

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

    private static boolean set(Optional<String> value) {
        return value.filter(text -> !text.isBlank()).isPresent();
    }

    @AssertTrue(message = "toolspill.auth.jwt.issuer is set but toolspill.auth.jwt.public-key-location is not, so no JWT could be"
            + " verified. Set both: " + HOW_TO_CONFIGURE)
    default boolean isKeyLocatedForTheIssuer() {
        return !set(issuer()) || set(publicKeyLocation());
    }

    @AssertTrue(message = "toolspill.auth.jwt.public-key-location is set but toolspill.auth.jwt.issuer is not: JWTs are accepted only"
            + " from a configured issuer. Set both: " + HOW_TO_CONFIGURE)
    default boolean isIssuerSetForTheKey() {
        return set(issuer()) || !set(publicKeyLocation());
    }

    @AssertTrue(message = "toolspill.auth.jwt.audience has a blank entry: list the audiences, comma-separated")
    default boolean isEveryAudienceNamed() {
        return audience().map(audiences -> audiences.stream().noneMatch(String::isBlank)).orElse(true);
    }
}
