package dev.toolspill.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobKind;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.fs.FsBlobStore;
import dev.toolspill.config.ToolspillConfig;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The blob content API on a store with no local files, so every body goes through {@link BlobStore#stream}:
 * the path an S3 store takes.
 */
@QuarkusTest
@TestProfile(BlobContentStreamedTest.Profile.class)
class BlobContentStreamedTest extends BlobContentContractTest {

    public static class Profile implements QuarkusTestProfile {
        @Override
        public Set<Class<?>> getEnabledAlternatives() {
            return Set.of(StreamOnlyStore.class);
        }
    }

    /** The filesystem store without {@link BlobStore#localFile}. */
    @Alternative
    @ApplicationScoped
    public static class StreamOnlyStore {
        @Produces
        @Singleton
        Optional<BlobStore> blobStore(ToolspillConfig config, ObjectMapper mapper) {
            return Optional.of(new FsBlobStore(config.blobStore().fs().root(), mapper) {
                @Override
                public Optional<Path> localFile(BlobMetadata blob) {
                    return Optional.empty();
                }
            });
        }
    }

    @Inject
    Optional<BlobStore> store;

    @Test
    void everyBodyHereIsStreamed() {
        assertEquals(Optional.empty(), store.orElseThrow().localFile(new BlobMetadata(BlobId.random(), BlobKind.TEXT, 0)));
    }
}
