package dev.toolspill.ledger;

import dev.toolspill.blob.Journal;
import dev.toolspill.blob.s3.OnTheRunsS3;
import dev.toolspill.blob.s3.S3Bucket;
import dev.toolspill.blob.s3.S3Journal;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.s3.model.S3Object;

import java.util.List;

/** The call ledger in a real S3 server's bucket, beside the blobs. */
@OnTheRunsS3
class S3LedgerTest extends LedgerContractTest {

    @RegisterExtension
    static final S3Bucket s3 = new S3Bucket("ledger");

    @Override
    protected Journal journal() {
        keys().forEach(key -> s3.client().deleteObject(delete -> delete.bucket(s3.server().bucket()).key(key)).join());
        return new S3Journal(s3.client(), s3.server().bucket());
    }

    @Override
    protected List<String> keys() {
        return s3.client().listObjectsV2(list -> list.bucket(s3.server().bucket()).prefix("ledger/")).join().contents().stream()
                .map(S3Object::key).toList();
    }
}
