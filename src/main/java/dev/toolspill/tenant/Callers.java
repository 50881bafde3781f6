package dev.toolspill.tenant;

import dev.toolspill.config.ToolspillConfig;
import io.quarkus.security.UnauthorizedException;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The {@link Caller} of the current request, from the identity Quarkus' security layer proved (its principal is the
 * tenant, whether an API key or a JWT proved it, see {@code auth.ApiKeyIdentityProvider} and
 * {@code auth.JwtIdentityProvider}). With authentication off every request is {@link Caller#ANYONE}; with it on, a
 * request without an identity never gets this far (every path but {@code /q/*} is guarded), and if one did it would be
 * refused here rather than read as anyone.
 */
@ApplicationScoped
public class Callers {

    private final boolean enabled;
    private final SecurityIdentity identity;

    public Callers(ToolspillConfig config, SecurityIdentity identity) {
        this.enabled = config.auth().enabled();
        this.identity = identity;
    }

    /** Call on the request's own thread, before any asynchronous step: the identity is request-scoped. */
    public Caller current() {
        if (!enabled) {
            return Caller.ANYONE;
        }
        if (identity.isAnonymous()) {
            throw new UnauthorizedException("this request carries no API key");
        }
        return Caller.tenant(identity.getPrincipal().getName());
    }
}
