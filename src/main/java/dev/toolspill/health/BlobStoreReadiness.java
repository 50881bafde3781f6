package dev.toolspill.health;

import dev.toolspill.blob.BlobStore;
import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

import java.time.Duration;

/** Ready only while the blob store can take writes. */
@Readiness
@ApplicationScoped
public class BlobStoreReadiness implements AsyncHealthCheck {

    private static final String NAME = "blob-store";

    private final BlobStore store;

    public BlobStoreReadiness(BlobStore store) {
        this.store = store;
    }

    @Override
    public Uni<HealthCheckResponse> call() {
        if (!store.available()) {
            return Uni.createFrom().item(HealthCheckResponse.named(NAME).up().withData("type", "none").build());
        }
        BlobStore blobs = store;
        return blobs.checkReady()
                .ifNoItem().after(Duration.ofSeconds(5)).fail()
                // readiness is open to anyone: where the store lives (a path, a bucket, a host:port) goes to the log only
                .map(ok -> HealthCheckResponse.named(NAME).up().build())
                .onFailure().recoverWithItem(e -> {
                    io.quarkus.logging.Log.warnf("Blob store at %s is not ready: %s", blobs.location(), e.getMessage());
                    return HealthCheckResponse.named(NAME).down()
                            .withData("error", "the blob store is unreachable or refused the check (the log says where and why)").build();
                });
    }
}
