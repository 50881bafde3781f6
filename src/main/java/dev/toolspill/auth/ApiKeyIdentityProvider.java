package dev.toolspill.auth;

import dev.toolspill.config.ToolspillConfig;
import io.quarkus.logging.Log;
import io.quarkus.runtime.Startup;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.TokenAuthenticationRequest;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Singleton;

/**
 * Turns an API key into an identity whose principal is the key's tenant. Made at start-up, so a configuration that
 * would refuse every request (authentication on, no key and no JWT issuer) or holds something that is not a digest stops the replica
 * there, with a message that says how to fix it. Hashing a key is cheap: no worker thread is needed.
 */
@Startup
@Singleton
public class ApiKeyIdentityProvider implements IdentityProvider<TokenAuthenticationRequest> {

    private final ApiKeys keys;

    public ApiKeyIdentityProvider(ToolspillConfig config) {
        ToolspillConfig.Auth auth = config.auth();
        this.keys = ApiKeys.configured(auth.enabled() && !JwtTenants.isOn(auth.jwt()), auth.keys());
        if (auth.enabled()) {
            Log.infof("Authentication: API keys on every path but /q/*; %d key(s) of tenant(s) %s", keys.size(), keys.tenants());
        } else {
            Log.warnf("Authentication is off (toolspill.auth.enabled=false): anyone who reaches this replica can use it");
        }
    }

    @Override
    public Class<TokenAuthenticationRequest> getRequestType() {
        return TokenAuthenticationRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(TokenAuthenticationRequest request, AuthenticationRequestContext context) {
        return keys.tenantOf(request.getToken().getToken())
                .map(tenant -> Uni.createFrom().<SecurityIdentity>item(QuarkusSecurityIdentity.builder()
                        .setPrincipal(new QuarkusPrincipal(tenant))
                        .build()))
                .orElseGet(() -> Uni.createFrom().failure(new AuthenticationFailedException("the API key matches no configured key")));
    }
}
