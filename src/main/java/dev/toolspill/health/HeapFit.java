package dev.toolspill.health;

import dev.toolspill.config.MemoryBudgets;
import dev.toolspill.config.ToolspillConfig;
import io.quarkus.logging.Log;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Stops start-up, before anything is served, when the memory budgets of the configuration do not fit this JVM's heap
 * ({@link MemoryBudgets}): each budget holds the replica to 503 within its bytes, which only helps while their sum
 * leaves room for everything else.
 */
@ApplicationScoped
public class HeapFit {

    void check(@Observes StartupEvent event, ToolspillConfig config) {
        MemoryBudgets budgets = MemoryBudgets.ofThisJvm(config);
        budgets.overdraft().ifPresent(problem -> {
            throw new IllegalStateException("Toolspill cannot start: " + problem);
        });
        Log.debugf("Memory budgets: %d bytes of a %d-byte heap", budgets.total(), budgets.maxHeap());
    }
}
