package dev.toolspill.tenant;

import java.util.Objects;

/**
 * Whom a request acts for: a tenant (authentication on: the principal of its API key), or {@link #ANYONE}
 * (authentication off). A blob records its writer's tenant as its owner; a tenant reads only the blobs it owns, and
 * {@code ANYONE} reads every blob and writes blobs owned by nobody.
 */
public record Caller(String tenant) {

    /** Authentication is off: no tenants, so no ownership to check. */
    public static final Caller ANYONE = new Caller(null);

    public static Caller tenant(String name) {
        return new Caller(Objects.requireNonNull(name, "a tenant has a name"));
    }

    /** Whether a blob owned by {@code owner} (null: by nobody) is readable by this caller. */
    public boolean mayRead(String owner) {
        return tenant == null || tenant.equals(owner);
    }

    @Override
    public String toString() {
        return tenant == null ? "anyone" : "tenant " + tenant;
    }
}
