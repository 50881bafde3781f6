package dev.toolspill.health;

import dev.toolspill.blob.fs.FsWriteProbe;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A replica on the filesystem store is ready only while it can write the store's folder: the probe creates, writes,
 * fsyncs and removes a file and leaves nothing behind; a folder it cannot write (here: a regular file where the folder
 * should be, since tests run as root and permissions do not stop root) makes readiness DOWN, with the fix in the log
 * and no path in the answer; written again, ready again. deploy/image/check.sh tries the real case: the image's user on
 * a host folder owned by another user.
 */
class FsStoreReadinessTest {

    @TempDir
    Path dir;

    @Test
    void aWritableRootPassesAndKeepsNothing() throws Exception {
        assertEquals(Optional.empty(), FsWriteProbe.problem(dir.resolve("data")));
        try (var left = Files.list(dir.resolve("data").resolve("tmp"))) {
            assertEquals(0, left.count(), "the probe file is removed");
        }
    }

    @Test
    void aRootThatCannotBeWrittenSaysWhichUserAndHowToFixIt() throws Exception {
        Path blocked = Files.writeString(dir.resolve("not-a-folder"), "x").resolve("data");
        String problem = FsWriteProbe.problem(blocked).orElseThrow();
        assertTrue(problem.contains(blocked.toString()) && problem.contains("user id ") && problem.contains("fsGroup")
                && problem.contains("chown"), problem);
    }

    @Test
    void readinessFollowsTheLastProbe() throws Exception {
        Path file = Files.writeString(dir.resolve("later-a-folder"), "x");
        FsStoreReadiness readiness = new FsStoreReadiness(true, file.resolve("data"), 30_000, null);
        readiness.probe();
        HealthCheckResponse down = readiness.call();
        assertEquals(HealthCheckResponse.Status.DOWN, down.getStatus());
        assertFalse(down.getData().orElseThrow().toString().contains(dir.toString()), "no path in a probe's answer: " + down.getData());

        Files.delete(file);
        Files.createDirectories(file);
        readiness.probe();
        assertEquals(HealthCheckResponse.Status.UP, readiness.call().getStatus());
    }
}
