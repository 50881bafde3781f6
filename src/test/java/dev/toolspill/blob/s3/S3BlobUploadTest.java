package dev.toolspill.blob.s3;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.blob.BlobUploadContractTest;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The asynchronous upload contract on a real S3 server: explicit multipart parts made from the stream. */
@OnTheRunsS3
class S3BlobUploadTest extends BlobUploadContractTest {

    @RegisterExtension
    static final S3Bucket s3 = new S3Bucket("uploads");

    @Override
    protected BlobUpload start(BlobId id, BlobFormat guess, String owner) {
        return s3.store().upload(id, guess, owner);
    }

    @Override
    protected BlobStore reader() {
        return s3.store();
    }

    @Override
    protected int unfinished() {
        return s3.client().listMultipartUploads(list -> list.bucket(s3.server().bucket())).join().uploads().size();
    }
}
