package dev.toolspill.api;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobLayout;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Tenants and checksums on the filesystem store: a blob is damaged by flipping bytes of its file. */
@QuarkusTest
@TestProfile(AuthProfileTest.Profile.class) // tenantsConfig(ROOT) with the API-key and JWT tests: one application
class TenantsFsTest extends TenantsContractTest {

    static final Path ROOT = Path.of("target/test-data-tenants");

    @Override
    protected void damage(String name) throws Exception {
        Path file = ROOT.resolve(name);
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length - 10] ^= 0x01; // near the end: most of the blob is sent before the damage shows
        Files.write(file, bytes);
    }

    @Override
    protected void removeAsAnotherReplica(String id) throws Exception {
        for (String name : List.of("blobs/" + id + ".txt", "blobs/" + id + ".json", BlobLayout.record(BlobId.parse(id)),
                BlobLayout.index(BlobId.parse(id)))) {
            Files.deleteIfExists(ROOT.resolve(name));
        }
    }

    @Override
    protected void putWithoutRecord(String id, String text) throws Exception {
        Files.createDirectories(ROOT.resolve("blobs"));
        Files.writeString(ROOT.resolve("blobs/" + id + ".txt"), text);
    }
}
