package dev.toolspill.api;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobLayout;
import dev.toolspill.blob.s3.S3Profile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.services.s3.S3AsyncClient;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Tenants and checksums on the S3 store, against a real S3 server: a blob is damaged by overwriting its object. */
@QuarkusTest
@TestProfile(AuthS3Profile.class) // with FuzzS3Test: one application
class TenantsS3Test extends TenantsContractTest {

    @Test
    void theOwnerIsAlsoTheObjectsTenantMetadataForTheBucketsOwnTools() {
        String small = storeAs(KEY_A, LINES);
        try (S3AsyncClient client = S3Profile.server.client()) {
            Map<String, String> metadata = client.headObject(head -> head.bucket(S3Profile.server.bucket()).key("blobs/" + small + ".txt"))
                    .join().metadata();
            assertEquals("team-a", metadata.get("tenant"));
        }
    }

    @Override
    protected void damage(String name) {
        try (S3AsyncClient client = S3Profile.server.client()) {
            byte[] bytes = client.getObject(get -> get.bucket(S3Profile.server.bucket()).key(name), AsyncResponseTransformer.toBytes())
                    .join().asByteArray();
            bytes[bytes.length - 10] ^= 0x01;
            client.putObject(put -> put.bucket(S3Profile.server.bucket()).key(name).contentType("text/plain; charset=utf-8"),
                    AsyncRequestBody.fromBytes(bytes)).join();
        }
    }

    @Override
    protected void removeAsAnotherReplica(String id) {
        BlobId blob = BlobId.parse(id);
        try (S3AsyncClient client = S3Profile.server.client()) {
            for (String key : List.of("blobs/" + id + ".txt", "blobs/" + id + ".json", BlobLayout.record(blob), BlobLayout.index(blob))) {
                client.deleteObject(delete -> delete.bucket(S3Profile.server.bucket()).key(key)).join();
            }
        }
    }

    @Override
    protected void putWithoutRecord(String id, String text) {
        try (S3AsyncClient client = S3Profile.server.client()) {
            client.putObject(put -> put.bucket(S3Profile.server.bucket()).key("blobs/" + id + ".txt").contentType("text/plain; charset=utf-8"),
                    AsyncRequestBody.fromString(text)).join();
        }
    }
}
