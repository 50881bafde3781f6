package dev.toolspill.auth;

import dev.toolspill.config.JwtConfig;
import io.quarkus.logging.Log;
import io.smallrye.jwt.algorithm.SignatureAlgorithm;
import io.smallrye.jwt.auth.principal.DefaultJWTTokenParser;
import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import io.smallrye.jwt.auth.principal.ParseException;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.consumer.ErrorCodes;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.lang.InvalidAlgorithmException;
import org.jose4j.lang.UnresolvableKeyException;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * JWTs from one configured issuer, each proving the tenant named by one claim. Verification is SmallRye JWT's
 * ({@link DefaultJWTTokenParser}, on jose4j): the signature against the configured PEM key or JWKS (asymmetric algorithms
 * only, so neither {@code none} nor a public key used as an HMAC secret passes), {@code iss}, {@code exp} and
 * {@code nbf} within the clock skew, and {@code aud} when audiences are configured. A rejection is logged at DEBUG with
 * its reason only: jose4j's messages quote claims, so they are not logged, and the token never is. May block (a JWKS
 * URL is fetched, then refreshed, each fetch within {@code toolspill.auth.jwt.jwks-timeout}: {@link BoundedKeyParser}): call it on
 * a worker thread. The tenant is read from jose4j's claims as parsed, not
 * through SmallRye's {@code JsonWebToken}, which copies every claim into Jakarta JSON recursively: a claim nested a few
 * thousand levels deep overflowed the stack there, and a valid token got a 500.
 */
public final class JwtTenants {

    static final String HOW_TO_CONFIGURE = JwtConfig.HOW_TO_CONFIGURE;

    /** Three base64url segments; the last may be empty (an unsigned token is still judged as a JWT, and refused). */
    private static final Pattern SHAPE = Pattern.compile("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*");
    private static final Map<Integer, String> REASONS = Map.of(
            ErrorCodes.EXPIRED, "expired", ErrorCodes.NOT_YET_VALID, "not yet valid (nbf)",
            ErrorCodes.ISSUER_INVALID, "wrong issuer", ErrorCodes.ISSUER_MISSING, "no issuer",
            ErrorCodes.AUDIENCE_INVALID, "wrong audience", ErrorCodes.AUDIENCE_MISSING, "no audience",
            ErrorCodes.SIGNATURE_INVALID, "bad signature", ErrorCodes.SIGNATURE_MISSING, "not signed",
            ErrorCodes.EXPIRATION_MISSING, "no expiry (exp)", ErrorCodes.ISSUED_AT_INVALID_FUTURE, "issued in the future");

    private final DefaultJWTTokenParser parser;
    private final JWTAuthContextInfo info;
    private final String issuer;
    private final String tenantClaim;

    private JwtTenants(DefaultJWTTokenParser parser, JWTAuthContextInfo info, String issuer, String tenantClaim) {
        this.parser = parser;
        this.info = info;
        this.issuer = issuer;
        this.tenantClaim = tenantClaim;
    }

    /**
     * JWTs as {@code toolspill.auth.jwt} configures them, or empty when no issuer is set. A key file that cannot be read
     * as a key is an {@link IllegalStateException} that says how to fix it; the mapping ({@link JwtConfig}) refuses the
     * rest at start-up: an issuer without a key location, a key location without an issuer, a blank claim or audience.
     */
    public static Optional<JwtTenants> configured(JwtConfig config) {
        Optional<String> issuer = isOn(config) ? config.issuer().map(String::strip) : Optional.empty();
        Optional<String> location = config.publicKeyLocation().map(String::strip).filter(value -> !value.isEmpty());
        if (issuer.isEmpty() || location.isEmpty()) { // one without the other is refused by the mapping (JwtConfig)
            return Optional.empty();
        }
        JWTAuthContextInfo info = new BoundedKeyParser.Settings(location.get(), issuer.get(), config.jwksTimeout());
        info.setSignatureAlgorithm(EnumSet.of(SignatureAlgorithm.RS256, SignatureAlgorithm.RS384, SignatureAlgorithm.RS512,
                SignatureAlgorithm.PS256, SignatureAlgorithm.PS384, SignatureAlgorithm.PS512,
                SignatureAlgorithm.ES256, SignatureAlgorithm.ES384, SignatureAlgorithm.ES512, SignatureAlgorithm.EDDSA));
        info.setClockSkew((int) Math.min(Integer.MAX_VALUE, config.clockSkew().toSeconds()));
        info.setRequireNamedPrincipal(false); // the tenant claim names the caller, not sub or upn
        config.audience().ifPresent(audiences -> {
            info.setExpectedAudience(new HashSet<>(audiences.stream().map(String::strip).toList()));
        });
        BoundedKeyParser parser = new BoundedKeyParser();
        if (!location.get().regionMatches(true, 0, "http://", 0, 7) && !location.get().regionMatches(true, 0, "https://", 0, 8)) {
            loadNow(parser, info); // a file is there or not: a URL is fetched on the first JWT (its IdP may be starting too)
        }
        return Optional.of(new JwtTenants(parser, info, issuer.get(), config.tenantClaim().strip()));
    }

    /** The key of a file location, read now, so a missing or wrong file stops start-up instead of refusing every JWT. */
    private static void loadNow(BoundedKeyParser parser, JWTAuthContextInfo info) {
        try {
            parser.getVerificationKeyResolver(info);
        } catch (UnresolvableKeyException | RuntimeException e) {
            throw new IllegalStateException("toolspill.auth.jwt.public-key-location could not be read as a PEM public key or a JWKS: "
                    + "check that the file exists, that this process may read it, and what it holds. " + HOW_TO_CONFIGURE);
        }
    }

    /** Whether JWTs are on: an issuer is set (whether the rest is right, {@link #configured} says). */
    public static boolean isOn(JwtConfig config) {
        return config.issuer().filter(issuer -> !issuer.isBlank()).isPresent();
    }

    /** Whether a bearer token has a JWT's shape (compact JWS): such a token is judged as a JWT, never as an API key. */
    public static boolean looksLikeJwt(String token) {
        return token.length() <= 16_384 && SHAPE.matcher(token).matches();
    }

    /** The tenant this JWT proves, if it verifies and its tenant claim is a tenant name; the reason it does not, at DEBUG. */
    public Optional<String> tenantOf(String token) {
        JwtClaims claims;
        try {
            claims = parser.parse(token, info).getJwtClaims();
        } catch (ParseException e) {
            Log.debugf("A JWT was refused: %s", reason(e));
            return Optional.empty();
        }
        String tenant = claims.getClaimValue(tenantClaim) instanceof String text ? text : null;
        if (tenant == null) {
            Log.debugf("A JWT was refused: no string claim '%s' names its tenant", tenantClaim);
            return Optional.empty();
        }
        if (!ApiKeys.isTenantName(tenant)) {
            Log.debugf("A JWT was refused: its claim '%s' is not a tenant name (1-64 letters, digits, '.', '_' or '-')", tenantClaim);
            return Optional.empty();
        }
        return Optional.of(tenant);
    }

    /** The issuer (for the start-up log). */
    public String issuer() {
        return issuer;
    }

    /** The claim that names the tenant (for the start-up log). */
    public String tenantClaim() {
        return tenantClaim;
    }

    /** Why a token was refused, in words that quote nothing from it (jose4j's own messages quote the token). */
    static String reason(Throwable failure) {
        boolean algorithm = false;
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            algorithm |= cause instanceof InvalidAlgorithmException;
            if (cause instanceof UnresolvableKeyException) {
                return "no key of the issuer verifies it (an unknown kid, or toolspill.auth.jwt.public-key-location could not be loaded)";
            }
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof InvalidJwtException invalid && !invalid.getErrorDetails().isEmpty()) {
                String other = algorithm ? "an algorithm that is not allowed" : "malformed or inconsistent";
                return invalid.getErrorDetails().stream()
                        .map(error -> REASONS.getOrDefault(error.getErrorCode(), other))
                        .distinct().reduce((a, b) -> a + ", " + b).orElseThrow();
            }
        }
        return algorithm ? "an algorithm that is not allowed" : "not a verifiable JWT";
    }
}
