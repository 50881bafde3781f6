package dev.toolspill.api;

import dev.toolspill.blob.s3.S3Profile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The blob content API on the S3 store, against a real S3 server: bodies come from ranged GETs, streamed. */
@QuarkusTest
@TestProfile(BlobContentS3Test.OwnServer.class)
class BlobContentS3Test extends BlobContentContractTest {

    /** S3 on a server of its own, so that tests counting the objects of the shared S3 profile's bucket see none of these. */
    public static class OwnServer extends S3Profile {
    }
}
