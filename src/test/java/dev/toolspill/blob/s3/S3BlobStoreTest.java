package dev.toolspill.blob.s3;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobStoreContractTest;
import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.ByteRange;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletionException;
import dev.toolspill.blob.BlobNotFoundException;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.services.s3.model.MultipartUpload;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/** The blob store contract against a real S3 server over HTTP. */
class S3BlobStoreTest extends BlobStoreContractTest {

    static S3Server server;
    static S3AsyncClient client;
    static S3BlobStore store;

    @BeforeAll
    static void startServer() {
        server = S3Server.start("contract");
        client = server.client();
        store = new S3BlobStore(client, server.bucket(), false);
    }

    @AfterAll
    static void stopServer() {
        client.close();
        server.stop();
    }

    @Override
    protected BlobStore store() {
        return store;
    }

    @Override
    protected byte[] rawObject(String key) {
        return client.getObject(get -> get.bucket(server.bucket()).key(key), AsyncResponseTransformer.toBytes()).join().asByteArray();
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

    private List<String> uploadsInProgress() {
        return client.listMultipartUploads(list -> list.bucket(server.bucket())).join().uploads().stream()
                .map(MultipartUpload::uploadId).toList();
    }

    @Test
    void abortsMultipartUploadsBegunBeforeTheCutoff() {
        String key = "blobs/" + BlobId.random() + ".txt";
        String uploadId = client.createMultipartUpload(create -> create.bucket(server.bucket()).key(key).contentType("text/plain")).join().uploadId();
        client.uploadPart(part -> part.bucket(server.bucket()).key(key).uploadId(uploadId).partNumber(1),
                AsyncRequestBody.fromString("a part that is never completed")).join();
        assertTrue(uploadsInProgress().contains(uploadId));

        assertEquals(0, await(store.removeUnfinished(Instant.now().minus(Duration.ofHours(1)))), "begun just now: kept");
        assertTrue(uploadsInProgress().contains(uploadId));

        assertTrue(await(store.removeUnfinished(Instant.now().plus(Duration.ofMinutes(1)))) >= 1, "begun before this cutoff");
        assertFalse(uploadsInProgress().contains(uploadId), "aborted");
        assertFalse(holds(key), "and no object appeared");
    }

    @Test
    void aBlobDeletedByAnotherReplicaIsNotFoundHereEvenWhenItsNameIsKnown() {
        BlobMetadata blob = await(store.put(BlobId.random(), BlobFormat.TEXT, "known here\n".getBytes(StandardCharsets.UTF_8)));
        assertEquals(blob, await(store.metadata(blob.id())), "the name is now known to this store");
        S3BlobStore otherReplica = new S3BlobStore(client, server.bucket(), false);
        await(otherReplica.delete(blob.id()));
        assertThrows(BlobNotFoundException.class, () -> await(store.read(blob.id(), new ByteRange(0, 4))));
        assertThrows(BlobNotFoundException.class, () -> await(store.metadata(blob.id())), "the stale name was forgotten");
    }

    @Test
    void objectsCarryARealContentTypeAndAChecksum() {
        BlobMetadata blob = await(store.put(BlobId.random(), BlobFormat.TEXT, "a\nb\nc\n".getBytes(StandardCharsets.UTF_8)));
        HeadObjectResponse head = client.headObject(h -> h.bucket(server.bucket()).key(blob.name()).checksumMode("ENABLED")).join();
        assertEquals("text/plain;charset=utf-8", head.contentType().replace(" ", ""));
        assertNotNull(head.lastModified());
    }

    @Test
    void aBlobWrittenByAnotherToolIsStillReadable() {
        BlobId id = BlobId.random();
        String json = "[1, 2, {\"x\": 3}]";
        client.putObject(put -> put.bucket(server.bucket()).key("blobs/" + id + ".json").contentType("application/json"),
                software.amazon.awssdk.core.async.AsyncRequestBody.fromString(json)).join();
        assertEquals(new BlobMetadata(id, BlobFormat.JSON, json.length()), await(store.metadata(id)));
        assertEquals(json, new String(await(store.read(id, new ByteRange(0, 100))), StandardCharsets.UTF_8));
    }
}
