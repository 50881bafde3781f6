package dev.toolspill.blob;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.fs.FsBlobStore;
import dev.toolspill.config.ToolspillConfig;
import io.quarkus.logging.Log;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import java.util.Optional;

/** Chooses the blob store from {@code toolspill.blob-store.type}: the one place that knows the backends. */
@ApplicationScoped
public class BlobStores {

    @Produces
    @Singleton
    Optional<BlobStore> blobStore(ToolspillConfig config, ObjectMapper mapper) {
        BlobStore store = switch (config.blobStore().type()) {
            case fs -> new FsBlobStore(config.blobStore().fs().root(), mapper);
            case none -> null;
        };
        Log.infof("Blob store: %s", store == null ? "none (outputs stay inline, only the limit applies)"
                : config.blobStore().type() + " at " + store.location());
        return Optional.ofNullable(store);
    }
}
