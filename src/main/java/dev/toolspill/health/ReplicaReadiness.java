package dev.toolspill.health;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness says whether this replica can serve, and it can while it runs: during an outage of the shared store it
 * still answers inline outputs, spools stored ones, reads what it spooled and answers other reads 503 with
 * Retry-After. The store's own state is at {@code /q/health/well}. (During shutdown Quarkus reports DOWN itself.)
 */
@Readiness
@ApplicationScoped
public class ReplicaReadiness implements HealthCheck {

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("replica").up().withData("store-health", "/q/health/well").build();
    }
}
