package dev.toolspill.retention;

import dev.toolspill.config.ToolspillConfig;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Retention on the filesystem store, in a root of its own, swept every 200 ms; max-age written the short way. */
@QuarkusTest
@TestProfile(FsRetentionTest.Profile.class)
public class FsRetentionTest extends RetentionContractTest {

    /**
     * Retention on a root of its own, and the OpenTelemetry SDK on (spans exported every 10 ms, to the in-memory
     * exporter of TracingProfileTest and a closed OTLP port): one application for this class and TracingProfileTest.
     */
    public static class Profile implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("toolspill.blob-store.fs.root", "target/test-retention",
                    "toolspill.retention.max-age", "2h",
                    "toolspill.retention.interval", "200ms",
                    "quarkus.otel.sdk.disabled", "false",
                    "quarkus.otel.bsp.schedule.delay", "10ms",
                    "quarkus.otel.exporter.otlp.traces.endpoint", "http://127.0.0.1:9");
        }
    }

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
