package dev.toolspill.inspect;

import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.s3.S3BlobStore;
import dev.toolspill.blob.s3.S3Server;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import software.amazon.awssdk.services.s3.S3AsyncClient;

class S3HeadPictureTest extends HeadPictureContractTest {

    static S3Server server;
    static S3AsyncClient client;
    static S3BlobStore store;

    @BeforeAll
    static void start() {
        server = S3Server.start("head");
        client = server.client();
        store = new S3BlobStore(client, server.bucket(), false);
    }

    @AfterAll
    static void stop() {
        client.close();
        server.stop();
    }

    @Override
    protected BlobStore store() {
        return store;
    }
}
