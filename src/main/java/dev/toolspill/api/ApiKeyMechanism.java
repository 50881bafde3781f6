package dev.toolspill.api;

import dev.toolspill.http.ApiPaths;

import dev.toolspill.auth.JwtAuthenticationRequest;
import dev.toolspill.auth.JwtTenants;
import dev.toolspill.config.ToolspillConfig;
import io.quarkus.security.credential.TokenCredential;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.TokenAuthenticationRequest;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.quarkus.vertx.http.runtime.security.HttpCredentialTransport;
import io.quarkus.vertx.http.runtime.security.HttpSecurityUtils;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Singleton;

import java.util.Map;
import java.util.Set;

/**
 * API keys as {@code Authorization: Bearer <key>}, checked by Quarkus' HTTP security layer: this mechanism hands the
 * key to the identity providers ({@code auth.ApiKeyIdentityProvider}) and, when a path needs an identity that the
 * request did not prove, answers 401 with {@code WWW-Authenticate: Bearer} and a problem+json body that never repeats
 * the key. With authentication off it proves nothing and no path asks for it. With JWTs configured
 * ({@code toolspill.auth.jwt.issuer}), a token with a JWT's shape goes to {@code auth.JwtIdentityProvider} instead,
 * and only there: this is the one place that decides which way a token is judged.
 */
@Singleton
public class ApiKeyMechanism implements HttpAuthenticationMechanism {

    private static final String SCHEME = "Bearer ";
    private static final String WWW_AUTHENTICATE = "WWW-Authenticate";

    private final boolean enabled;
    private final boolean jwts;
    private final ProblemSender problems;

    public ApiKeyMechanism(ToolspillConfig config, ProblemSender problems) {
        this.enabled = config.auth().enabled();
        this.jwts = JwtTenants.isOn(config.auth().jwt());
        this.problems = problems;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identities) {
        // Quarkus' own paths (health, OpenAPI) are open: a key sent there is not even looked at
        boolean open = context.normalizedPath().startsWith(ApiPaths.QUARKUS);
        if (enabled && !open && context.request().headers().getAll(HttpHeaders.AUTHORIZATION).size() > 1) {
            // which one would count? A proxy that adds its own after the client's must not find the client's chosen
            return Uni.createFrom().failure(new io.quarkus.security.AuthenticationFailedException("more than one Authorization header"));
        }
        String key = enabled && !open ? bearerKey(context.request().getHeader(HttpHeaders.AUTHORIZATION)) : null;
        if (key == null) {
            return Uni.createFrom().nullItem();
        }
        if (jwts && JwtTenants.looksLikeJwt(key)) {
            return identities.authenticate(HttpSecurityUtils.setRoutingContextAttribute(new JwtAuthenticationRequest(key), context));
        }
        var request = new TokenAuthenticationRequest(new TokenCredential(key, "bearer"));
        return identities.authenticate(HttpSecurityUtils.setRoutingContextAttribute(request, context));
    }

    /** The key of an {@code Authorization: Bearer <key>} header (scheme in any case), or null when there is none. */
    static String bearerKey(String header) {
        if (header == null || !header.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
            return null;
        }
        String key = header.substring(SCHEME.length()).strip();
        return key.isEmpty() ? null : key;
    }

    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        return Uni.createFrom().item(new ChallengeData(401, WWW_AUTHENTICATE, unauthorized(context).challenge()));
    }

    private Unauthorized unauthorized(RoutingContext context) {
        return Unauthorized.of(context.request().headers().getAll(HttpHeaders.AUTHORIZATION), jwts);
    }

    /**
     * The 401 itself, ended here. A body still on its way is not read: the connection is closed after the answer, so
     * an unauthenticated upload costs no more than its headers.
     */
    @Override
    public Uni<Boolean> sendChallenge(RoutingContext context) {
        var response = context.response();
        if (response.ended()) {
            return Uni.createFrom().item(true);
        }
        Unauthorized unauthorized = unauthorized(context);
        // a body still on its way is dropped after the answer (LingeringClose), over HTTP/2 by this stream alone
        problems.answer(context, 401, Unauthorized.TITLE, unauthorized.detail(),
                Map.of(WWW_AUTHENTICATE.toString(), unauthorized.challenge(), HttpHeaders.CACHE_CONTROL.toString(), "no-store"));
        return Uni.createFrom().item(true);
    }

    @Override
    public Set<Class<? extends io.quarkus.security.identity.request.AuthenticationRequest>> getCredentialTypes() {
        return Set.of(TokenAuthenticationRequest.class, JwtAuthenticationRequest.class);
    }

    @Override
    public Uni<HttpCredentialTransport> getCredentialTransport(RoutingContext context) {
        return Uni.createFrom().item(new HttpCredentialTransport(HttpCredentialTransport.Type.AUTHORIZATION, "bearer"));
    }
}
