package dev.toolspill.retention;

import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.s3.OnTheRunsS3;
import dev.toolspill.blob.s3.S3BlobStore;
import dev.toolspill.blob.s3.S3Bucket;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Two replicas sweeping one bucket on a real S3 server, each with its own S3 client. */
@OnTheRunsS3
class S3TwoSweepersTest extends TwoSweepersContractTest {

    @RegisterExtension
    static final S3Bucket s3 = new S3Bucket("two-sweepers");

    @Override
    protected BlobStore replica() {
        return new S3BlobStore(s3.ownClient(), s3.server().bucket(), false);
    }

    @Override
    protected boolean holds(String key) {
        return s3.server().holds(s3.client(), key);
    }
}
