package dev.toolspill.blob.spool;

import dev.toolspill.TestVertx;
import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.ByteRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a spool holds survives a restart of its replica, and its bound counts what it holds. */
class SpoolRestartTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void aNewSpoolOnTheSameFolderHoldsWhatTheLastOneDidNotUpload(@TempDir Path dir) {
        byte[] content = "spooled before a restart\n".repeat(100).getBytes(StandardCharsets.UTF_8);
        BlobId id = BlobId.random();
        Spool before = new Spool(dir, 10_000, Duration.ofSeconds(1), TestVertx.VERTX);
        assertTrue(before.put(id, BlobFormat.TEXT, content, "team-a").await().atMost(WAIT).isPresent());

        Spool after = new Spool(dir, 10_000, Duration.ofSeconds(1), TestVertx.VERTX);
        assertFalse(after.holds(id));
        assertEquals(1, after.load().await().atMost(WAIT));
        assertTrue(after.holds(id));
        assertEquals(content.length, after.bytes());
        assertArrayEquals(content, after.files().read(id, new ByteRange(0, content.length)).await().atMost(WAIT));
        assertEquals("team-a", after.files().readRecord(id).await().atMost(WAIT).orElseThrow().owner(),
                "a spooled blob keeps its owner across a restart, so the drainer uploads it as the same tenant's");
    }

    @Test
    void anOutputThatDoesNotFitIsRefusedAndLeavesNothing(@TempDir Path dir) {
        Spool spool = new Spool(dir, 1000, Duration.ofSeconds(1), TestVertx.VERTX);
        assertTrue(spool.put(BlobId.random(), BlobFormat.TEXT, new byte[600], null).await().atMost(WAIT).isPresent());
        BlobId tooMany = BlobId.random();
        assertFalse(spool.put(tooMany, BlobFormat.TEXT, new byte[600], null).await().atMost(WAIT).isPresent());
        assertFalse(spool.holds(tooMany));
        assertEquals(600, spool.bytes());
        assertEquals(1, spool.count());
    }
}
