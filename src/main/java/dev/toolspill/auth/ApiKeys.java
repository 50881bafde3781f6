package dev.toolspill.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The API keys this replica accepts, known only by their SHA-256 digests, each owned by a tenant. A presented key is
 * hashed and compared with every digest in constant time ({@link MessageDigest#isEqual}), all of them every time, so
 * neither the answer's timing nor its content tells which digest came close. Nothing here keeps or logs a key.
 */
public final class ApiKeys {

    static final String HOW_TO_CONFIGURE = "make a key (e.g. openssl rand -hex 32), give it to the client, and configure only its "
            + "digest: printf %s \"$KEY\" | sha256sum  ->  toolspill.auth.keys.\"<tenant>\"=<the 64 hex digits> "
            + "(several digests of one tenant comma-separated; from a Secret in production)";

    private static final Pattern DIGEST = Pattern.compile("[0-9a-f]{64}");
    private static final Pattern TENANT = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    private record Key(String tenant, byte[] digest) {
    }

    private final List<Key> keys;

    private ApiKeys(List<Key> keys) {
        this.keys = List.copyOf(keys);
    }

    /**
     * The keys of {@code toolspill.auth.keys}, checked: each tenant a plain name, each digest 64 lower-case hex digits,
     * no digest given to two tenants. With {@code required} (authentication on and no JWT issuer), at least one key is
     * needed. A problem is an {@link IllegalStateException} that says how to fix it and never quotes a configured value.
     */
    public static ApiKeys configured(boolean required, Map<String, List<String>> digestsByTenant) {
        List<Key> keys = new ArrayList<>();
        Map<String, String> owners = new HashMap<>();
        new TreeMap<>(digestsByTenant).forEach((tenant, digests) -> {
            if (!isTenantName(tenant)) {
                throw new IllegalStateException("toolspill.auth.keys has a tenant name that is not 1-64 letters, digits, '.', '_' or '-' "
                        + "(starting with a letter or digit): rename it");
            }
            int position = 0;
            for (String digest : digests) {
                position++;
                String hex = digest.strip();
                if (!DIGEST.matcher(hex).matches()) {
                    throw new IllegalStateException("toolspill.auth.keys.\"" + tenant + "\": entry " + position + " is not a SHA-256 "
                            + "digest (64 lower-case hex digits; a key itself must never be configured): " + HOW_TO_CONFIGURE);
                }
                String other = owners.putIfAbsent(hex, tenant);
                if (other != null) {
                    throw new IllegalStateException("toolspill.auth.keys: tenants \"" + other + "\" and \"" + tenant
                            + "\" share a digest, so a key would not say whose it is: give each tenant its own keys");
                }
                keys.add(new Key(tenant, HexFormat.of().parseHex(hex)));
            }
        });
        if (required && keys.isEmpty()) {
            throw new IllegalStateException("Authentication is on (toolspill.auth.enabled=true, the default) but no API key is "
                    + "configured and no JWT issuer, so every request to /v1 would be refused. Either configure a key: " + HOW_TO_CONFIGURE
                    + "; or accept JWTs from your identity provider: " + JwtTenants.HOW_TO_CONFIGURE
                    + "; or run without authentication, only on a trusted network or loopback, by setting toolspill.auth.enabled=false "
                    + "explicitly (e.g. -Dtoolspill.auth.enabled=false -Dquarkus.http.host=127.0.0.1 -Dquarkus.management.host=127.0.0.1, or TOOLSPILL_AUTH_ENABLED=false).");
        }
        return new ApiKeys(keys);
    }

    /** Whether a name is a tenant name: 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit. */
    static boolean isTenantName(String name) {
        return TENANT.matcher(name).matches();
    }

    /** The tenant whose key this is, if it is one; every configured digest is compared, in constant time. */
    public Optional<String> tenantOf(String key) {
        byte[] digest = sha256(key);
        String tenant = null;
        for (Key known : keys) {
            if (MessageDigest.isEqual(digest, known.digest()) && tenant == null) {
                tenant = known.tenant();
            }
        }
        return Optional.ofNullable(tenant);
    }

    /** How many keys are configured (for the start-up log; never which). */
    public int size() {
        return keys.size();
    }

    /** The tenants that have a key, sorted (names are not secrets; keys and digests are not shown). */
    public java.util.SortedSet<String> tenants() {
        java.util.SortedSet<String> tenants = new java.util.TreeSet<>();
        keys.forEach(key -> tenants.add(key.tenant()));
        return tenants;
    }

    static byte[] sha256(String key) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
