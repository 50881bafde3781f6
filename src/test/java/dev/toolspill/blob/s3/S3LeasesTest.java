package dev.toolspill.blob.s3;

import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.Leases;
import dev.toolspill.blob.LeasesContractTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Leases as objects in a bucket on a real S3 server, each contender with its own client, as replicas take them. */
class S3LeasesTest extends LeasesContractTest {

    static S3Server server;
    static S3AsyncClient client;
    static final List<S3AsyncClient> clients = new ArrayList<>();

    @BeforeAll
    static void startServer() {
        server = S3Server.start("leases");
        client = server.client();
    }

    @AfterAll
    static void stopServer() {
        clients.forEach(S3AsyncClient::close);
        client.close();
        server.stop();
    }

    @Override
    protected Leases contender(Clock clock) {
        S3AsyncClient own = server.client();
        clients.add(own);
        return new S3Leases(own, server.bucket(), clock);
    }

    @Override
    protected BlobStore store() {
        return new S3BlobStore(client, server.bucket(), false);
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

    @Override
    protected List<String> leaseKeys() {
        return client.listObjectsV2(list -> list.bucket(server.bucket()).prefix("leases/")).join()
                .contents().stream().map(object -> object.key()).toList();
    }

    /** What the leases rely on, asked of the server directly: a second create-only PUT is refused, and so is a stale If-Match. */
    @Test
    void theServerHonoursConditionalWrites() {
        String bucket = server.bucket();
        String etag = client.putObject(put -> put.bucket(bucket).key("leases/probe").ifNoneMatch("*"), AsyncRequestBody.fromString("one"))
                .join().eTag();
        assertEquals(412, status(() -> client.putObject(put -> put.bucket(bucket).key("leases/probe").ifNoneMatch("*"),
                AsyncRequestBody.fromString("two")).join()), "If-None-Match: * on a key that is there");
        assertEquals(412, status(() -> client.putObject(put -> put.bucket(bucket).key("leases/probe").ifMatch("\"0000\""),
                AsyncRequestBody.fromString("three")).join()), "If-Match with another ETag");
        client.putObject(put -> put.bucket(bucket).key("leases/probe").ifMatch(etag), AsyncRequestBody.fromString("four")).join();
        client.deleteObject(delete -> delete.bucket(bucket).key("leases/probe")).join();
    }

    private static int status(Runnable call) {
        CompletionException e = assertThrows(CompletionException.class, call::run);
        if (e.getCause() instanceof S3Exception s3) {
            return s3.statusCode();
        }
        throw new AssertionError("no answer from the server", e);
    }
}
