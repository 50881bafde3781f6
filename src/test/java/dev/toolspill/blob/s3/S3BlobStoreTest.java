package dev.toolspill.blob.s3;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobStoreContractTest;
import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.ByteRange;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
