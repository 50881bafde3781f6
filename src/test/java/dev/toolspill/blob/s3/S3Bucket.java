package dev.toolspill.blob.s3;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import software.amazon.awssdk.services.s3.S3AsyncClient;

/**
 * A bucket of its own on the run's S3 server ({@link S3Server}) for one test class, with a client and a store on it:
 * {@code @RegisterExtension static final S3Bucket s3 = new S3Bucket("name");}. The bucket goes with the class.
 */
public final class S3Bucket implements BeforeAllCallback, AfterAllCallback {

    private final String name;
    private S3Server server;
    private S3AsyncClient client;
    private S3BlobStore store;

    public S3Bucket(String name) {
        this.name = name;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        server = S3Server.start(name);
        client = server.client();
        store = new S3BlobStore(client, server.bucket(), false);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        client.close();
        server.stop();
    }

    public S3Server server() {
        return server;
    }

    public S3AsyncClient client() {
        return client;
    }

    public S3BlobStore store() {
        return store;
    }
}
