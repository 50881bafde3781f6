package dev.toolspill;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

/**
 * Counts the Quarkus applications the test run starts, for {@link AppStartsReport}: every {@code @QuarkusTest} profile
 * (and every set of test resources) is one more start, the largest cost of the suite. The count is kept in a system
 * property because the application runs in its own class loader and the report in JUnit's (not under
 * {@code toolspill.}: Quarkus refuses to start with a system property of that prefix it does not map).
 */
@Singleton
public class AppStarts {

    static final String COUNT = "tests.app-starts";

    void started(@Observes StartupEvent event) {
        synchronized (System.getProperties()) {
            System.setProperty(COUNT, String.valueOf(Integer.getInteger(COUNT, 0) + 1));
        }
    }
}
