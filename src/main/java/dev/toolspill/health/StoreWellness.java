package dev.toolspill.health;

import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.Outage;
import dev.toolspill.blob.StoreKind;
import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.health.api.Wellness;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;

import java.time.Duration;
import java.util.regex.Pattern;

/**
 * Whether the shared blob store can take writes, at {@code /q/health/well} (SmallRye's wellness checks): for alerts, never for readiness (an
 * outage of the store every replica shares must not take every replica out of the Service; outputs of tools run
 * here are spooled meanwhile). DOWN when S3 does not answer, or, on the filesystem, when the root cannot be written
 * or its disk has less than {@code toolspill.blob-store.fs.min-free-bytes} free. It says what this replica's spool
 * holds. Nothing in it names a path or a host.
 */
@Wellness
@ApplicationScoped
public class StoreWellness implements AsyncHealthCheck {

    static final String NAME = "blob-store";

    /** Paths and host:port pairs: what an answer from a store may carry and a health answer must not. */
    private static final Pattern WHERE = Pattern.compile("\\S*[/\\\\]\\S*|\\S+:\\d+\\S*");

    private final BlobStore store;
    private final Outage outage;
    private final StoreKind kind;

    public StoreWellness(BlobStore store, StoreKind kind, Outage outage) {
        this.kind = kind;
        this.store = store;
        this.outage = outage;
    }

    /**
     * Whether the store answered the last time this replica asked (a write, or the spool's check every
     * {@code toolspill.spool.retry-interval}): cheap, for a metrics gauge.
     */
    public boolean isWell() {
        return !kind.keepsBlobs() || !outage.storeDown();
    }

    @Override
    public Uni<HealthCheckResponse> call() {
        if (!kind.keepsBlobs()) {
            return Uni.createFrom().item(HealthCheckResponse.named(NAME).up().withData("type", kind.name()).build());
        }
        // what the check finds is news for the spool too: outputs go straight to it while the store is down
        return store.checkReady()
                .ifNoItem().after(Duration.ofSeconds(5)).fail()
                .invoke(() -> outage.storeAnswered(true))
                .onFailure().invoke(() -> outage.storeAnswered(false))
                .map(ok -> spooled(HealthCheckResponse.named(NAME).up()).build())
                .onFailure().recoverWithItem(e -> spooled(HealthCheckResponse.named(NAME).down())
                        .withData("reason", withoutPlaces(e.getMessage())).build());
    }

    private HealthCheckResponseBuilder spooled(HealthCheckResponseBuilder response) {
        return response.withData("spooled-blobs", outage.count()).withData("spooled-bytes", outage.bytes());
    }

    /** The reason without the paths and host:port pairs it may name: those belong in the log, not in a probe's answer. */
    static String withoutPlaces(String message) {
        if (message == null || message.isBlank()) {
            return "the store did not answer in time";
        }
        return WHERE.matcher(message).replaceAll("…").replaceAll("\\s+", " ").trim();
    }
}
