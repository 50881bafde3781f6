package dev.toolspill.inspect;

import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.s3.OnTheRunsS3;
import dev.toolspill.blob.s3.S3Bucket;
import org.junit.jupiter.api.extension.RegisterExtension;

@OnTheRunsS3
class S3GrepInspectTest extends GrepInspectContractTest {

    @RegisterExtension
    static final S3Bucket s3 = new S3Bucket("grep");

    @Override
    protected BlobStore store() {
        return s3.store();
    }

    /**
     * 400 lines, deep or not. What S3 adds to a grep is the ranged read of each part, and 400 lines already follow
     * some 600 parts (both twins, both limits, three patterns), across cut lines and their bytes: parts. The 3,000
     * lines of the deep run push the scan and the part-following, which are no more the store's than the
     * filesystem's (FsGrepInspectTest runs them deep); here they took 26 s more of CI, each part a signed request.
     */
    @Override
    protected int followedLines() {
        return 400;
    }
}
