package dev.toolspill.tool;

import io.quarkus.logging.Log;
import io.quarkus.runtime.Startup;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * A tool's failure that arrives after its call was given up (the pipeline's timeout fired first, then the tool's own
 * timeout or error) has nobody left to tell: Mutiny drops it. That is expected, so it is one line in the log, not an
 * ERROR with a stack trace; any other dropped failure still is one, since it may be a bug.
 */
@Startup
@ApplicationScoped
public class LateToolFailures {

    @PostConstruct
    void install() {
        Infrastructure.setDroppedExceptionHandler(LateToolFailures::dropped);
    }

    static void dropped(Throwable failure) {
        if (failure instanceof ToolException) {
            Log.infof("A tool's failure came after its call was given up, so nobody was told: %s", failure.getMessage());
        } else {
            Log.errorf(failure, "A failure came after its consumer had stopped listening and was dropped");
        }
    }
}
