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
import io.vertx.core.Vertx;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;

/**
 * Turns an API key into an identity whose principal is the key's tenant. Made at start-up, so a configuration that
 * would refuse every request (authentication on, no key and no JWT issuer) or holds something that is not a digest stops the replica
 * there, with a message that says how to fix it. Hashing a key is cheap: no worker thread is needed. Keys of
 * {@code toolspill.auth.keys-file} are reloaded when the file changes ({@link RotatingKeys}).
 */
@Startup
@Singleton
public class ApiKeyIdentityProvider implements IdentityProvider<TokenAuthenticationRequest> {

    private final RotatingKeys keys;
    private final Vertx vertx;
    private final long watch;

    public ApiKeyIdentityProvider(ToolspillConfig config, Vertx vertx) {
        ToolspillConfig.Auth auth = config.auth();
        this.keys = new RotatingKeys(auth.enabled() && !JwtTenants.isOn(auth.jwt()), auth.keys(), auth.keysFile());
        this.vertx = vertx;
        this.watch = auth.enabled() ? keys.watch(vertx, auth.keysFileInterval()) : -1;
        if (auth.enabled()) {
            Log.infof("Authentication: API keys on every path but /q/*; %d key(s) of tenant(s) %s%s", keys.current().size(),
                    keys.current().tenants(), auth.keysFile().isPresent() ? ", reloaded when toolspill.auth.keys-file changes" : "");
        } else {
            Log.warnf("Authentication is off (toolspill.auth.enabled=false): anyone who reaches this replica can use it");
        }
    }

    @PreDestroy
    void stop() {
        if (watch >= 0) {
            vertx.cancelTimer(watch);
        }
    }

    @Override
    public Class<TokenAuthenticationRequest> getRequestType() {
        return TokenAuthenticationRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(TokenAuthenticationRequest request, AuthenticationRequestContext context) {
        return keys.current().tenantOf(request.getToken().getToken())
                .map(tenant -> Uni.createFrom().<SecurityIdentity>item(QuarkusSecurityIdentity.builder()
                        .setPrincipal(new QuarkusPrincipal(tenant))
                        .build()))
                .orElseGet(() -> Uni.createFrom().failure(new AuthenticationFailedException("the API key matches no configured key")));
    }
}
