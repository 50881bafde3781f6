package dev.toolspill.retention;

import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.s3.S3BlobStore;
import dev.toolspill.blob.s3.S3Server;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;

/** Two replicas sweeping one bucket on a real S3 server, each with its own S3 client. */
class S3TwoSweepersTest extends TwoSweepersContractTest {

    static S3Server server;
    static S3AsyncClient client;
    static final List<S3AsyncClient> replicaClients = new ArrayList<>();

    @BeforeAll
    static void startServer() {
        server = S3Server.start("two-sweepers");
        client = server.client();
    }

    @AfterAll
    static void stopServer() {
        replicaClients.forEach(S3AsyncClient::close);
        client.close();
        server.stop();
    }

    @Override
    protected BlobStore replica() {
        S3AsyncClient own = server.client();
        replicaClients.add(own);
        return new S3BlobStore(own, server.bucket(), false);
    }

    @Override
    protected boolean holds(String key) {
        try {
            client.headObject(head -> head.bucket(server.bucket()).key(key)).join();
            return true;
        } catch (CompletionException e) {
            if (e.getCause() instanceof NoSuchKeyException) {
                return false;
            }
            throw e;
        }
    }
}
