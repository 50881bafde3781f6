package dev.toolspill.retention;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.Leases;
import dev.toolspill.blob.SteppedClock;
import dev.toolspill.blob.StoreKind;
import dev.toolspill.blob.fs.FsBlobStore;
import dev.toolspill.blob.fs.FsLeases;
import io.smallrye.mutiny.Uni;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

import static dev.toolspill.TestVertx.VERTX;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Retention on replicas sharing one filesystem store (a shared volume) and no Redis: each tick takes the sweep lease in
 * the store, so however many replicas tick in an interval, one sweeps. The clock of the leases is stepped by the test;
 * the ticks are called directly instead of by the timer.
 */
class SweepLeaseTest {

    static final Duration INTERVAL = Duration.ofMinutes(10);

    @TempDir
    Path root;

    final SteppedClock clock = new SteppedClock(Instant.parse("2030-01-01T00:00:00Z"));

    static <T> T await(Uni<T> uni) {
        return uni.await().atMost(Duration.ofSeconds(60));
    }

    Retention replica(Leases leases, Duration leaseTimeout) {
        BlobStore store = new FsBlobStore(root, VERTX);
        RetentionSweep sweep = new RetentionSweep(store, store::delete, Optional.of(Duration.ofHours(1)), Duration.ofHours(1), 4);
        return new Retention(store, StoreKind.keeping("fs"), sweep, INTERVAL, leaseTimeout, VERTX.getDelegate(), leases);
    }

    Retention replica() {
        return replica(new FsLeases(root, VERTX, clock), Duration.ofSeconds(30));
    }

    BlobId oldBlob() {
        BlobId id = BlobId.at(Instant.now().minus(Duration.ofDays(2)));
        await(new FsBlobStore(root, VERTX).put(id, BlobFormat.TEXT, "old\n".getBytes(StandardCharsets.UTF_8)));
        return id;
    }

    boolean stored(BlobId id) {
        return Files.exists(root.resolve("blobs/" + id + ".txt"));
    }

    @Test
    void threeReplicasTickingEachIntervalSweepOnceAnInterval() {
        List<Retention> replicas = List.of(replica(), replica(), replica());
        for (int interval = 0; interval < 4; interval++) {
            BlobId old = oldBlob();
            List<Optional<RetentionSweep.Result>> ticks = await(Uni.join().all(replicas.stream().map(Retention::tick).toList()).andFailFast());
            assertEquals(1, ticks.stream().filter(Optional::isPresent).count(), "interval " + interval + ": " + ticks);
            assertEquals(1, ticks.stream().flatMap(Optional::stream).mapToLong(RetentionSweep.Result::ids).sum(), "the old blob, once");
            assertFalse(stored(old));
            List<Optional<RetentionSweep.Result>> again = await(Uni.join().all(replicas.stream().map(Retention::tick).toList()).andFailFast());
            assertTrue(again.stream().allMatch(Optional::isEmpty), "a second tick in the same interval sweeps nowhere: " + again);
            clock.advance(INTERVAL);
        }
    }

    @Test
    void aLeaseTheStoreCannotGiveSkipsTheTickAndTheNextOneSweeps() {
        AtomicBoolean down = new AtomicBoolean(true);
        FsLeases inStore = new FsLeases(root, VERTX, clock);
        Retention replica = replica((name, ttl) -> down.get()
                ? Uni.createFrom().failure(new BlobStoreException("the store is down", null))
                : inStore.take(name, ttl), Duration.ofSeconds(30));
        BlobId old = oldBlob();

        assertEquals(Optional.empty(), await(replica.tick()), "no lease: no sweep, and no failure");
        assertTrue(stored(old));

        down.set(false);
        assertTrue(await(replica.tick()).isPresent(), "the store answers again: this tick sweeps");
        assertFalse(stored(old));
    }

    @Test
    void aLeaseThatNeverAnswersSkipsTheTickWithinTheStoreTimeout() {
        Retention replica = replica((name, ttl) -> Uni.createFrom().nothing(), Duration.ofMillis(50));
        BlobId old = oldBlob();

        assertEquals(Optional.empty(), await(replica.tick()), "the tick ends without a sweep");
        assertTrue(stored(old));
    }
}
