package dev.toolspill.api;

import dev.toolspill.blob.s3.S3Profile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;

import java.util.concurrent.CompletionException;

/** DELETE on the S3 store, against a real S3 server: the bucket itself is looked at. */
@QuarkusTest
@TestProfile(S3Profile.class)
class BlobDeleteS3Test extends BlobDeleteContractTest {

    @Override
    protected boolean holds(String name) {
        try (S3AsyncClient client = S3Profile.server.client()) {
            client.headObject(head -> head.bucket(S3Profile.server.bucket()).key(name)).join();
            return true;
        } catch (CompletionException e) {
            if (e.getCause() instanceof NoSuchKeyException) {
                return false;
            }
            throw e;
        }
    }
}
