package dev.toolspill.blob.s3;

import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.Leases;
import dev.toolspill.blob.LeasesContractTest;
import dev.toolspill.blob.StoredKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.S3Exception;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    /** What the leases rely on, asked of the server directly: a second create-only PUT is refused, and so is a stale If-Match. */
    @Test
    void theServerHonoursConditionalWrites() {
        S3AsyncClient client = s3.client();
        String bucket = s3.server().bucket();
        String etag = client.putObject(put -> put.bucket(bucket).key("leases/probe").ifNoneMatch("*"), AsyncRequestBody.fromString("one"))
                .join().eTag();
        assertEquals(412, status(() -> client.putObject(put -> ConditionalPuts.plainBody(put).bucket(bucket).key("leases/probe").ifNoneMatch("*"),
                AsyncRequestBody.fromString("two")).join()), "If-None-Match: * on a key that is there");
        assertEquals(412, status(() -> client.putObject(put -> ConditionalPuts.plainBody(put).bucket(bucket).key("leases/probe").ifMatch("\"0000\""),
                AsyncRequestBody.fromString("three")).join()), "If-Match with another ETag");
        client.putObject(put -> put.bucket(bucket).key("leases/probe").ifMatch(etag), AsyncRequestBody.fromString("four")).join();
        client.deleteObject(delete -> delete.bucket(bucket).key("leases/probe")).join();
    }

    /**
     * A contender meets refusals again and again (a lease another replica holds, a content key another replica
     * changed), and must hear each as one. The server may answer 412 before it has read the body and close the
     * connection: with the SDK's aws-chunked bodies the rest was still on its way then, and S3Proxy's refusals of a
     * stale If-Match came back as "the connection was closed during the request" about 1 in 8 on a loaded machine,
     * every retry alike. {@link ConditionalPuts} sends these bodies plain.
     */
    @Test
    void everyRefusalIsAnAnswer() {
        S3BlobStore store = s3.store();
        Clock now = Clock.fixed(Instant.now(), ZoneOffset.UTC);
        assertTrue(contender(now).take("refusals", Duration.ofMinutes(10)).await().indefinitely(), "the first contender takes the lease");
        Leases other = contender(now);
        Optional<StoredKey> created = store.createKey("keys/refusals", bytes("first")).await().indefinitely();
        assertTrue(created.isEmpty(), "the key is created");
        StoredKey stale = new StoredKey(bytes("first"), "\"0000\"");
        for (int i = 0; i < 50; i++) {
            assertFalse(other.take("refusals", Duration.ofMinutes(10)).await().indefinitely(), "lease refusal " + i);
            assertFalse(store.replaceKey("keys/refusals", bytes("contender " + i), stale).await().indefinitely(), "stale If-Match refusal " + i);
            assertEquals("first", new String(store.createKey("keys/refusals", bytes("again " + i)).await().indefinitely().orElseThrow().value(),
                    StandardCharsets.UTF_8), "create-only refusal " + i);
        }
        store.deleteKey("keys/refusals").await().indefinitely();
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static int status(Runnable call) {
        CompletionException e = assertThrows(CompletionException.class, call::run);
        if (e.getCause() instanceof S3Exception s3) {
            return s3.statusCode();
        }
        throw new AssertionError("no answer from the server", e);
    }
}
