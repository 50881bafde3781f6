package dev.toolspill.blob.s3;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobNotFoundException;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobStoreContractTest;
import dev.toolspill.blob.ByteRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.MultipartUpload;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/** The blob store contract against a real S3 server over HTTP. */
@OnTheRunsS3
class S3BlobStoreTest extends BlobStoreContractTest {

    @RegisterExtension
    static final S3Bucket s3 = new S3Bucket("contract");

    @Override
    protected BlobStore store() {
        return s3.store();
    }

    @Override
    protected byte[] rawObject(String key) {
        return s3.client().getObject(get -> get.bucket(s3.server().bucket()).key(key), AsyncResponseTransformer.toBytes()).join().asByteArray();
    }

    @Override
    protected boolean holds(String key) {
        return s3.server().holds(s3.client(), key);
    }

    private List<String> uploadsInProgress() {
        return s3.client().listMultipartUploads(list -> list.bucket(s3.server().bucket())).join().uploads().stream()
                .map(MultipartUpload::uploadId).toList();
    }

    @Test
    void abortsMultipartUploadsBegunBeforeTheCutoff() {
        String key = "blobs/" + BlobId.random() + ".txt";
        String uploadId = s3.client().createMultipartUpload(create -> create.bucket(s3.server().bucket()).key(key).contentType("text/plain")).join().uploadId();
        s3.client().uploadPart(part -> part.bucket(s3.server().bucket()).key(key).uploadId(uploadId).partNumber(1),
                AsyncRequestBody.fromString("a part that is never completed")).join();
        assertTrue(uploadsInProgress().contains(uploadId));

        assertEquals(0, await(s3.store().removeUnfinished(Instant.now().minus(Duration.ofHours(1)))), "begun just now: kept");
        assertTrue(uploadsInProgress().contains(uploadId));

        assertTrue(await(s3.store().removeUnfinished(Instant.now().plus(Duration.ofMinutes(1)))) >= 1, "begun before this cutoff");
        assertFalse(uploadsInProgress().contains(uploadId), "aborted");
        assertFalse(holds(key), "and no object appeared");
    }

    @Test
    void aBlobDeletedByAnotherReplicaIsNotFoundHereEvenWhenItsNameIsKnown() {
        BlobMetadata blob = await(s3.store().put(BlobId.random(), BlobFormat.TEXT, "known here\n".getBytes(StandardCharsets.UTF_8)));
        assertEquals(blob, await(s3.store().metadata(blob.id())), "the name is now known to this store");
        S3BlobStore otherReplica = new S3BlobStore(s3.client(), s3.server().bucket(), false);
        await(otherReplica.delete(blob.id()));
        assertThrows(BlobNotFoundException.class, () -> await(s3.store().read(blob.id(), new ByteRange(0, 4))));
        assertThrows(BlobNotFoundException.class, () -> await(s3.store().metadata(blob.id())), "the stale name was forgotten");
    }

    @Test
    void objectsCarryARealContentTypeAndAChecksum() {
        BlobMetadata blob = await(s3.store().put(BlobId.random(), BlobFormat.TEXT, "a\nb\nc\n".getBytes(StandardCharsets.UTF_8)));
        HeadObjectResponse head = s3.client().headObject(h -> h.bucket(s3.server().bucket()).key(blob.name()).checksumMode("ENABLED")).join();
        assertEquals("text/plain;charset=utf-8", head.contentType().replace(" ", ""));
        assertNotNull(head.lastModified());
    }

    @Test
    void aBlobWrittenByAnotherToolIsStillReadable() {
        BlobId id = BlobId.random();
        String json = "[1, 2, {\"x\": 3}]";
        s3.client().putObject(put -> put.bucket(s3.server().bucket()).key("blobs/" + id + ".json").contentType("application/json"),
                software.amazon.awssdk.core.async.AsyncRequestBody.fromString(json)).join();
        assertEquals(new BlobMetadata(id, BlobFormat.JSON, json.length()), await(s3.store().metadata(id)));
        assertEquals(json, new String(await(s3.store().read(id, new ByteRange(0, 100))), StandardCharsets.UTF_8));
    }
}
