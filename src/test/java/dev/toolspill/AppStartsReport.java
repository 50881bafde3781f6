package dev.toolspill;

import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Prints how many Quarkus applications the run started (counted by {@link AppStarts}) once the test plan is done, and
 * writes it to {@code target/app-starts.txt}: restarts are what make the suite slow, so the build says how many there were.
 * Registered through {@code META-INF/services/org.junit.platform.launcher.TestExecutionListener}.
 */
public class AppStartsReport implements TestExecutionListener {

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        int starts = Integer.getInteger(AppStarts.COUNT, 0);
        if (starts == 0) {
            return; // a run of plain tests, or failsafe's (whose applications are processes): nothing to say, nothing to overwrite
        }
        String line = "Quarkus applications started in this JVM's tests: " + starts;
        System.out.println("[INFO] " + line);
        try {
            Files.writeString(Path.of("target", "app-starts.txt"), line + "\n");
        } catch (IOException ignored) {
            // the printed line is the report; the file is a convenience
        }
    }
}
