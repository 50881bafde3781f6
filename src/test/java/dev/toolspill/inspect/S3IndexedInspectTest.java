package dev.toolspill.inspect;

import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.s3.OnTheRunsS3;
import dev.toolspill.blob.s3.S3Bucket;
import org.junit.jupiter.api.extension.RegisterExtension;

@OnTheRunsS3
class S3IndexedInspectTest extends IndexedInspectContractTest {

    @RegisterExtension
    static final S3Bucket s3 = new S3Bucket("indexed");

    @Override
    protected BlobStore store() {
        return s3.store();
    }
}
