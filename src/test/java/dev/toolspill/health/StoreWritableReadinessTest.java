package dev.toolspill.health;

import dev.toolspill.blob.fs.FsWriteProbe;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.junit.jupiter.api.Assumptions;
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
 * fsyncs and removes a file and leaves nothing behind; a folder it cannot write (sysfs, which refuses even root, since
 * tests run as root; or a regular file where the folder should be) makes readiness DOWN, with the fix in the log
 * and no path in the answer; written again, ready again. deploy/image/check.sh tries the real case: the image's user on
 * a host folder owned by another user.
 */
class StoreWritableReadinessTest {

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
    void aRootThatCannotBeWrittenSaysWhichUserAndHowToFixIt() {
        // sysfs refuses new folders even to root (EPERM), as a volume mounted for another user refuses the image's user
        Path blocked = Path.of("/sys/toolspill-probe/data");
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/sys")), "a Linux sysfs");
        String problem = FsWriteProbe.problem(blocked).orElseThrow();
        assertTrue(problem.contains(blocked.toString()) && problem.contains("user id ") && problem.contains("fsGroup")
                && problem.contains("chown"), problem);
    }

    @Test
    void aRootThatIsAFileSaysSoAndNotChown() throws Exception {
        Path file = Files.writeString(dir.resolve("not-a-folder"), "x");
        for (Path root : new Path[]{file, file.resolve("data")}) {
            String problem = FsWriteProbe.problem(root).orElseThrow();
            assertTrue(problem.contains(file + " is a file, not a directory") && problem.contains("toolspill.blob-store.fs.root"), problem);
            assertFalse(problem.contains("chown"), problem);
        }
    }

    @Test
    void readinessFollowsTheLastProbe() throws Exception {
        Path file = Files.writeString(dir.resolve("later-a-folder"), "x");
        StoreWritableReadiness readiness = new StoreWritableReadiness(() -> FsWriteProbe.problem(file.resolve("data")), 30_000, null);
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
