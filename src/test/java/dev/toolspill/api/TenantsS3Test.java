package dev.toolspill.api;

import dev.toolspill.blob.s3.S3Profile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.services.s3.S3AsyncClient;

import java.util.HashMap;
import java.util.Map;

/** Tenants and checksums on the S3 store, against a real S3 server: a blob is damaged by overwriting its object. */
@QuarkusTest
@TestProfile(TenantsS3Test.Profile.class)
class TenantsS3Test extends TenantsContractTest {

    public static class Profile extends S3Profile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return new HashMap<>(tenantsConfig("target/test-data-tenants-s3-unused"));
        }
    }

    @Override
    protected void damage(String name) {
        try (S3AsyncClient client = S3Profile.server.client()) {
            byte[] bytes = client.getObject(get -> get.bucket(S3Profile.server.bucket()).key(name), AsyncResponseTransformer.toBytes())
                    .join().asByteArray();
            bytes[bytes.length - 10] ^= 0x01;
            client.putObject(put -> put.bucket(S3Profile.server.bucket()).key(name).contentType("text/plain; charset=utf-8"),
                    AsyncRequestBody.fromBytes(bytes)).join();
        }
    }

    @Override
    protected void dropRecord(String id) {
        try (S3AsyncClient client = S3Profile.server.client()) {
            client.deleteObject(delete -> delete.bucket(S3Profile.server.bucket()).key("blobs/" + id + ".meta")).join();
        }
    }
}
