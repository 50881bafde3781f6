package dev.toolspill.blob.s3;

import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.DedupContractTest;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Content addressing on S3 (conditional PUTs), replicas being stores on one bucket of the test S3 server. */
class S3DedupTest extends DedupContractTest {

    @RegisterExtension
    static final S3Bucket s3 = new S3Bucket("dedup");

    @Override
    protected BlobStore replica() {
        return new S3BlobStore(s3.client(), s3.server().bucket(), false);
    }

    /** S3Proxy 4.1.0 over its filesystem backend emulates {@code If-Match} (a HEAD, then the PUT); AWS S3 and MinIO do not. */
    @Override
    protected boolean replacesAtomically() {
        String external = System.getenv("TOOLSPILL_TEST_S3_ENDPOINT");
        return external != null && !external.isBlank();
    }
}
