package dev.toolspill.retention;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobLayout;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.ByteRange;
import io.smallrye.mutiny.Uni;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two replicas sweeping one store at the same moment, each with its own store client, as two pods would: no
 * errors, every old blob gone with its index, and nothing made after the cutoff touched. Each backend runs it.
 */
abstract class TwoSweepersContractTest {

    static final Duration MAX_AGE = Duration.ofHours(1);

    /** A new store client over the same storage: what one more replica would have. */
    protected abstract BlobStore replica();

    /** Whether the backend holds anything under this name, asked of it directly. */
    protected abstract boolean holds(String key);

    static <T> T await(Uni<T> uni) {
        return uni.await().atMost(Duration.ofSeconds(60));
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static RetentionSweep sweeper(BlobStore store) {
        return new RetentionSweep(store, store::delete, Optional.of(MAX_AGE), Duration.ofHours(1), 4);
    }

    @Test
    void twoSweepersAtOnceRemoveEveryOldBlobAndTouchNothingNew() {
        BlobStore writer = replica();
        Instant now = Instant.now();
        List<BlobId> old = new ArrayList<>();
        List<BlobId> fresh = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            BlobId id = BlobId.at(now.minus(Duration.ofDays(2)).plusSeconds(i * 60L));
            await(writer.put(id, i % 3 == 0 ? BlobFormat.JSON : BlobFormat.TEXT, bytes(i % 3 == 0 ? "[" + i + "]" : "old " + i + "\n")));
            await(writer.putIndex(id, bytes("index of " + id)));
            old.add(id);
        }
        for (int i = 0; i < 20; i++) { // indexes whose blob is already gone
            BlobId id = BlobId.at(now.minus(Duration.ofHours(3)).plusMillis(i));
            await(writer.putIndex(id, bytes("orphan")));
            old.add(id);
        }
        for (int i = 0; i < 40; i++) { // made after the cutoff: one just after it, the rest up to now
            BlobId id = i == 0 ? BlobId.at(now.minus(MAX_AGE).plusSeconds(5)) : BlobId.at(now.minus(Duration.ofMinutes(i)));
            await(writer.put(id, BlobFormat.TEXT, bytes("fresh " + id + "\n")));
            await(writer.putIndex(id, bytes("index of " + id)));
            fresh.add(id);
        }

        List<RetentionSweep.Result> results = await(Uni.join().all(sweeper(replica()).run(now), sweeper(replica()).run(now)).andFailFast());

        long removed = results.get(0).ids() + results.get(1).ids();
        assertTrue(removed >= old.size() && removed <= 2L * old.size(), "each old id removed by one sweeper or both: " + results);
        for (BlobId id : old) {
            for (BlobFormat format : BlobLayout.FORMATS) {
                assertFalse(holds(BlobLayout.blob(id, format)), "old blob " + id + " is gone");
            }
            assertFalse(holds(BlobLayout.index(id)), "old index " + id + " is gone");
        }
        for (BlobId id : fresh) {
            assertArrayEquals(bytes("fresh " + id + "\n"), await(writer.read(id, new ByteRange(0, 1000))), "fresh blob " + id + " untouched");
            assertArrayEquals(bytes("index of " + id), await(writer.readIndex(id)).orElseThrow(), "fresh index " + id + " untouched");
        }
        assertEquals(new RetentionSweep.Result(0, 0), await(sweeper(replica()).run(now)), "a third sweep finds nothing left");
    }

    @Test
    void withoutAMaxAgeNothingIsRemovedHoweverOld() {
        BlobStore store = replica();
        BlobId ancient = BlobId.at(Instant.parse("2020-01-01T00:00:00Z"));
        await(store.put(ancient, BlobFormat.TEXT, bytes("kept for good\n")));
        RetentionSweep keepsBlobs = new RetentionSweep(store, store::delete, Optional.empty(), Duration.ofHours(1), 4);
        assertEquals(0, await(keepsBlobs.run(Instant.now())).ids());
        assertTrue(holds(BlobLayout.blob(ancient, BlobFormat.TEXT)));
        await(store.delete(ancient));
    }
}
