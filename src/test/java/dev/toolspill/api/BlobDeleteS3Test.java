package dev.toolspill.api;

import dev.toolspill.blob.s3.S3Profile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import software.amazon.awssdk.services.s3.S3AsyncClient;

/** DELETE on the S3 store, against a real S3 server: the bucket itself is looked at. */
@QuarkusTest
@TestProfile(S3Profile.class)
class BlobDeleteS3Test extends BlobDeleteContractTest {

    @Override
    protected boolean holds(String name) {
        try (S3AsyncClient client = S3Profile.server.client()) {
            return S3Profile.server.holds(client, name);
        }
    }
}
