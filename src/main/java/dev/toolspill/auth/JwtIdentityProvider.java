package dev.toolspill.auth;

import dev.toolspill.config.ToolspillConfig;
import io.quarkus.logging.Log;
import io.quarkus.runtime.Startup;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Singleton;

import java.util.Optional;

/**
 * Turns a JWT of the configured issuer into an identity whose principal is its tenant claim: the same tenant as the
 * API keys' tenant of that name (its blobs, limits and tools). Made at start-up, so a JWT configuration that could
 * verify nothing stops the replica there. Verifying may fetch the issuer's JWKS, so it runs on a worker thread.
 */
@Startup
@Singleton
public class JwtIdentityProvider implements IdentityProvider<JwtAuthenticationRequest> {

    private final Optional<JwtTenants> jwts;

    public JwtIdentityProvider(ToolspillConfig config) {
        this.jwts = JwtTenants.configured(config.auth().jwt());
        jwts.filter(on -> config.auth().enabled()).ifPresent(on -> Log.infof(
                "Authentication: JWTs of issuer %s beside the API keys; the tenant is their claim '%s'", on.issuer(), on.tenantClaim()));
    }

    @Override
    public Class<JwtAuthenticationRequest> getRequestType() {
        return JwtAuthenticationRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(JwtAuthenticationRequest request, AuthenticationRequestContext context) {
        String token = request.token().getToken();
        return context.runBlocking(() -> jwts.flatMap(verifier -> verifier.tenantOf(token))
                .map(tenant -> (SecurityIdentity) QuarkusSecurityIdentity.builder().setPrincipal(new QuarkusPrincipal(tenant)).build())
                .orElseThrow(() -> new AuthenticationFailedException("the JWT is not valid here")));
    }
}
