package dev.toolspill.auth;

import io.quarkus.security.credential.TokenCredential;
import io.quarkus.security.identity.request.BaseAuthenticationRequest;

/**
 * A bearer token with a JWT's shape, sent while JWTs are configured: judged by {@link JwtIdentityProvider} only, so a
 * JWT is never hashed as an API key and an API key never parsed as a JWT.
 */
public final class JwtAuthenticationRequest extends BaseAuthenticationRequest {

    private final TokenCredential token;

    public JwtAuthenticationRequest(String token) {
        this.token = new TokenCredential(token, "bearer");
    }

    public TokenCredential token() {
        return token;
    }
}
