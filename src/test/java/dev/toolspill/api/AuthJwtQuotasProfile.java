package dev.toolspill.api;

import dev.toolspill.auth.TestJwts;
import dev.toolspill.fuzz.FuzzContract;
import io.quarkus.test.junit.QuarkusTestProfile;

import java.util.HashMap;
import java.util.Map;

import static dev.toolspill.TestDigests.sha256;

/**
 * Authentication on, on the filesystem store, with API keys, a JWT issuer and per-tenant quotas: one application for
 * {@link JwtAuthTest}, {@link TenantLimitsTest} and {@code FuzzFsTest}. Each class has tenants of its own, so what
 * one sets for its tenants does not reach the others':
 * <ul>
 * <li>JwtAuthTest: team-a's API key, the issuer, its key and audiences, a 5 s clock skew, and team-b allowed only
 * echo. (AuthProfileTest needs an application without an issuer: a wrong key reads differently with one.)</li>
 * <li>TenantLimitsTest: tenants limits-a to limits-e. The limits are per tenant, so the JWT and fuzz tenants have
 * none: limits-a and limits-b may make one request a minute after a burst of 3; limits-c, -d and -e may store
 * 3000 bytes a day.</li>
 * <li>FuzzFsTest: the fuzz tenant's key, and the fuzz's small caps ({@link FuzzContract#caps()}), which the other
 * classes' bodies are far under.</li>
 * </ul>
 */
public class AuthJwtQuotasProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> config = new HashMap<>(FuzzContract.caps()); // authentication on, the fuzz key, small caps
        config.put("toolspill.blob-store.fs.root", "target/test-data-auth-jwt-quotas");

        config.put("toolspill.auth.keys.\"team-a\"", sha256(JwtAuthTest.KEY_A));
        config.put("toolspill.auth.jwt.issuer", TestJwts.ISSUER);
        config.put("toolspill.auth.jwt.public-key-location", TestJwts.PUBLIC_KEY_LOCATION);
        config.put("toolspill.auth.jwt.audience", TestJwts.AUDIENCE + ",another-audience");
        config.put("toolspill.auth.jwt.clock-skew", "5s");
        config.put("toolspill.tenants.\"team-b\".tools", "echo");

        config.put("toolspill.limits.burst", "3");
        for (String slow : new String[] {"limits-a", "limits-b"}) {
            config.put("toolspill.tenants.\"" + slow + "\".requests-per-second", "0.0166");
        }
        for (String frugal : new String[] {"limits-c", "limits-d", "limits-e"}) {
            config.put("toolspill.tenants.\"" + frugal + "\".stored-bytes-per-day", "3000");
        }
        config.put("toolspill.auth.keys.\"limits-a\"", sha256(TenantLimitsTest.KEY_A));
        config.put("toolspill.auth.keys.\"limits-b\"", sha256(TenantLimitsTest.KEY_B));
        config.put("toolspill.auth.keys.\"limits-c\"", sha256(TenantLimitsTest.KEY_C));
        config.put("toolspill.auth.keys.\"limits-d\"", sha256(TenantLimitsTest.KEY_D));
        config.put("toolspill.auth.keys.\"limits-e\"", sha256(TenantLimitsTest.KEY_E));
        return config;
    }
}
