package dev.toolspill.blob.s3;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import software.amazon.awssdk.services.s3.S3AsyncClient;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A bucket of its own on the run's S3 server ({@link S3Server}) for one test class, with a client and a store on it,
 * and clients of their own for what plays a replica: {@code @RegisterExtension static final S3Bucket s3 = new
 * S3Bucket("name");}. The bucket and every client go with the class.
 */
public final class S3Bucket implements BeforeAllCallback, AfterAllCallback {

    private final String name;
    private S3Server server;
    private S3AsyncClient client;
    private S3BlobStore store;
    private final List<S3AsyncClient> own = new CopyOnWriteArrayList<>();

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
        own.forEach(S3AsyncClient::close);
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

    /** A client of its own, as each replica has; closed with the bucket. */
    public S3AsyncClient ownClient() {
        S3AsyncClient fresh = server.client();
        own.add(fresh);
        return fresh;
    }
}
