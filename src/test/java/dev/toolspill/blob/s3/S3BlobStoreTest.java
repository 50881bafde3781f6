package dev.toolspill.blob.s3;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobInfo;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobStoreContractTest;
import dev.toolspill.output.Content;
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
        store = new S3BlobStore(client, server.bucket(), MAPPER);
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
    void objectsCarryARealContentTypeAndTheirCountAsMetadata() {
        BlobInfo info = await(store.store(BlobId.random(), new Content.Text("a\nb\nc\n")));
        HeadObjectResponse head = client.headObject(h -> h.bucket(server.bucket()).key(info.key())).join();
        assertEquals("text/plain;charset=utf-8", head.contentType().replace(" ", ""));
        assertEquals("3", head.metadata().get("toolspill-count"));
        assertNotNull(head.lastModified());
    }

    @Test
    void aBlobWrittenByAnotherToolIsStillReadable() {
        BlobId id = BlobId.random();
        String json = "[1, 2, {\"x\": 3}]";
        client.putObject(put -> put.bucket(server.bucket()).key("blobs/" + id + ".json").contentType("application/json"),
                software.amazon.awssdk.core.async.AsyncRequestBody.fromString(json)).join();
        BlobInfo info = await(store.stat(id));
        assertEquals(dev.toolspill.blob.BlobKind.JSON_ARRAY, info.kind());
        assertEquals(3, info.count());
        assertEquals(json, await(store.load(id)).text());
    }
}
