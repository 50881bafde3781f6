package dev.toolspill.api;

import dev.toolspill.blob.s3.S3Profile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The blob content API on the S3 store, against a real S3 server: bodies come from ranged GETs, streamed. */
@QuarkusTest
@TestProfile(S3Profile.class)
class BlobContentS3Test extends BlobContentContractTest {
}
