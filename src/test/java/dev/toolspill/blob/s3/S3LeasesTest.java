package dev.toolspill.blob.s3;

import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.Leases;
import dev.toolspill.blob.LeasesContractTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.S3Exception;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.CompletionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Leases as objects in a bucket on a real S3 server, each contender with its own client, as replicas take them. */
@OnTheRunsS3
class S3LeasesTest extends LeasesContractTest {

    @RegisterExtension
    static final S3Bucket s3 = new S3Bucket("leases");

    @Override
    protected Leases contender(Clock clock) {
        return new S3Leases(s3.ownClient(), s3.server().bucket(), clock);
    }

    @Override
    protected BlobStore store() {
        return new S3BlobStore(s3.client(), s3.server().bucket(), false);
    }

    @Override
    protected boolean holds(String key) {
        return s3.server().holds(s3.client(), key);
    }

    @Override
    protected List<String> leaseKeys() {
        return s3.client().listObjectsV2(list -> list.bucket(s3.server().bucket()).prefix("leases/")).join()
                .contents().stream().map(object -> object.key()).toList();
    }

    /**
     * What the leases rely on, asked of the server directly: a second create-only PUT is refused, and so is a stale
     * If-Match. Each refused PUT goes on a client of its own, so on a connection of its own: in a loaded CI run the
     * second one, sent on the class's client right after the first refusal, was cut three times over ("the connection
     * was closed during the request") and got no status at all.
     */
    @Test
    void theServerHonoursConditionalWrites() {
        S3AsyncClient client = s3.client();
        String bucket = s3.server().bucket();
        String etag = client.putObject(put -> put.bucket(bucket).key("leases/probe").ifNoneMatch("*"), AsyncRequestBody.fromString("one"))
                .join().eTag();
        assertEquals(412, status(() -> s3.ownClient().putObject(put -> put.bucket(bucket).key("leases/probe").ifNoneMatch("*"),
                AsyncRequestBody.fromString("two")).join()), "If-None-Match: * on a key that is there");
        assertEquals(412, status(() -> s3.ownClient().putObject(put -> put.bucket(bucket).key("leases/probe").ifMatch("\"0000\""),
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
