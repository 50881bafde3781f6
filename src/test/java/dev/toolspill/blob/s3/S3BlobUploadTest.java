package dev.toolspill.blob.s3;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.blob.BlobUploadContractTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import software.amazon.awssdk.services.s3.S3AsyncClient;

/** The asynchronous upload contract on a real S3 server: explicit multipart parts made from the stream. */
class S3BlobUploadTest extends BlobUploadContractTest {

    static S3Server server;
    static S3AsyncClient client;
    static S3BlobStore store;

    @BeforeAll
    static void startServer() {
        server = S3Server.start("uploads");
        client = server.client();
        store = new S3BlobStore(client, server.bucket(), false);
    }

    @AfterAll
    static void stopServer() {
        client.close();
        server.stop();
    }

    @Override
    protected BlobUpload start(BlobId id, BlobFormat guess, String owner) {
        return store.upload(id, guess, owner);
    }

    @Override
    protected BlobStore reader() {
        return store;
    }

    @Override
    protected int unfinished() {
        return client.listMultipartUploads(list -> list.bucket(server.bucket())).join().uploads().size();
    }
}
