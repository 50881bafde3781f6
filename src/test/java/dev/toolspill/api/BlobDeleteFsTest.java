package dev.toolspill.api;

import dev.toolspill.config.ToolspillConfig;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;

import java.nio.file.Files;

/** DELETE on the filesystem store: the files themselves are looked at. */
@QuarkusTest
class BlobDeleteFsTest extends BlobDeleteContractTest {

    @Inject
    ToolspillConfig config;

    @Override
    protected boolean holds(String name) {
        return Files.exists(config.blobStore().fs().root().resolve(name));
    }
}
