package dev.toolspill.api;

import dev.toolspill.blob.s3.S3Profile;
import dev.toolspill.fuzz.FuzzContract;

import java.util.HashMap;
import java.util.Map;

/**
 * Authentication on, on the S3 store: one application for {@link TenantsS3Test} (the tenants' keys and settings,
 * {@link TenantsContractTest#tenantsConfig}) and {@code FuzzS3Test} (the fuzz tenant's key and the fuzz's small caps,
 * {@link FuzzContract#caps()}, which the tenants' bodies are under).
 */
public class AuthS3Profile extends S3Profile {

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> config = new HashMap<>(TenantsContractTest.tenantsConfig("target/test-data-tenants-s3-unused"));
        config.putAll(FuzzContract.caps());
        return config;
    }
}
