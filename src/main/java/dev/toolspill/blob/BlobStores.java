package dev.toolspill.blob;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.fs.FsBlobStore;
import dev.toolspill.blob.s3.S3BlobStore;
import dev.toolspill.config.ToolspillConfig;
import io.quarkus.logging.Log;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import software.amazon.awssdk.services.s3.S3AsyncClient;

import java.time.Duration;
import java.util.Optional;

/** Chooses the blob store from {@code toolspill.blob-store.type}: the one place that knows the backends. */
@ApplicationScoped
public class BlobStores {

    @Produces
    @Singleton
    Optional<BlobStore> blobStore(ToolspillConfig config, ObjectMapper mapper, Instance<S3AsyncClient> s3) {
        ToolspillConfig.BlobStore settings = config.blobStore();
        BlobStore store = switch (settings.type()) {
            case fs -> new FsBlobStore(settings.fs().root(), mapper);
            case s3 -> new S3BlobStore(s3.get(), settings.s3().bucket().orElseThrow(() -> new IllegalArgumentException(
                    "toolspill.blob-store.type=s3 needs toolspill.blob-store.s3.bucket: the bucket all replicas share")), mapper);
            case none -> null;
        };
        Log.infof("Blob store: %s", store == null ? "none (outputs stay inline, only the limit applies)"
                : settings.type() + " at " + store.location());
        return Optional.ofNullable(store);
    }

    /** Says at start-up, once and plainly, when the store cannot take writes; creates a missing bucket if asked to. */
    void checkAtStartup(@Observes StartupEvent event, Optional<BlobStore> store, ToolspillConfig config) {
        store.ifPresent(blobs -> {
            var ready = blobs instanceof S3BlobStore s3 && config.blobStore().s3().createBucket()
                    ? s3.createBucketIfMissing()
                    : blobs.checkReady();
            ready.ifNoItem().after(Duration.ofSeconds(10)).fail()
                    .subscribe().with(
                            ok -> Log.debugf("Blob store %s is ready", blobs.location()),
                            failure -> Log.errorf("Blob store %s is not ready: %s (readiness stays DOWN until it is)",
                                    blobs.location(), failure.getMessage()));
        });
    }
}
