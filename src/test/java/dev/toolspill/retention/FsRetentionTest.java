package dev.toolspill.retention;

import dev.toolspill.api.TightBudgetsProfile;
import dev.toolspill.config.ToolspillConfig;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Retention on the filesystem store, swept every 200 ms; max-age written the short way. */
@QuarkusTest
@TestProfile(TightBudgetsProfile.class) // retention 2h, every 200 ms, with the budget and tracing tests: one application
public class FsRetentionTest extends RetentionContractTest {

    @Inject
    ToolspillConfig config;

    @Override
    protected Duration maxAge() {
        return Duration.ofHours(2);
    }

    @Override
    protected boolean holds(String name) {
        return Files.exists(config.blobStore().fs().root().resolve(name));
    }

    @Test
    void tempFilesAbandonedOverAnHourAgoAreSweptAndFreshOnesStay() throws IOException, InterruptedException {
        Path tmp = Files.createDirectories(config.blobStore().fs().root().resolve("tmp"));
        Path abandoned = Files.writeString(tmp.resolve("019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70.1.part"), "half of a blob");
        Files.setLastModifiedTime(abandoned, FileTime.from(Instant.now().minus(Duration.ofMinutes(61))));
        Path fresh = Files.writeString(tmp.resolve("019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70.2.part"), "arriving now");

        eventually("the abandoned temp file is swept", () -> !Files.exists(abandoned));

        assertTrue(Files.exists(fresh), "a temp file written to just now is a write in progress");
        Files.delete(fresh);
    }
}
