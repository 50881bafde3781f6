package dev.toolspill.blob;

import io.smallrye.mutiny.Uni;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Leases in a shared store, as replicas take them: each contender has its own lease object (and, where the backend
 * allows, its own client) over the same storage, and all read one {@link SteppedClock}, so slots end when the test
 * moves it. Each backend runs it.
 */
public abstract class LeasesContractTest {

    protected static final Duration TTL = Duration.ofMinutes(9);
    /** The start of a slot of {@link #TTL}, far from the wall clock: only the stepped clock decides. */
    protected static final Instant START = Instant.ofEpochMilli(Leases.slotStart(Instant.parse("2030-01-01T00:00:00Z"), TTL));

    /** One more replica's leases, over the same storage, reading {@code clock}. */
    protected abstract Leases contender(Clock clock);

    /** A client of the same store, for blobs. Each test takes leases of a name of its own: a bucket may outlive a test. */
    protected abstract BlobStore store();

    /** Whether the backend holds anything under this name, asked of it directly. */
    protected abstract boolean holds(String key);

    /** The names the backend holds under {@code leases/}, asked of it directly. */
    protected abstract List<String> leaseKeys();

    protected static <T> T await(Uni<T> uni) {
        return uni.await().atMost(Duration.ofSeconds(60));
    }

    @Test
    void oneOfTwoHoldsTheLeaseUntilItsSlotEndsThenTheOtherMay() {
        SteppedClock clock = new SteppedClock(START.plusSeconds(30));
        Leases a = contender(clock);
        Leases b = contender(clock);

        assertTrue(await(a.take("retention-sweep", TTL)), "the first to ask holds it");
        assertFalse(await(b.take("retention-sweep", TTL)), "held by the other");
        assertFalse(await(a.take("retention-sweep", TTL)), "held already, also by the holder: once a slot");
        clock.advance(TTL.minusSeconds(31));
        assertFalse(await(b.take("retention-sweep", TTL)), "the last moment of the slot: still held");
        assertTrue(await(a.take("other-work", TTL)), "another name is another lease");

        clock.advance(Duration.ofSeconds(1));
        assertTrue(await(b.take("retention-sweep", TTL)), "the slot ended: the other replica may take the next one");
        assertFalse(await(a.take("retention-sweep", TTL)));
        assertTrue(holds(BlobLayout.lease("retention-sweep", START.plus(TTL).toEpochMilli())));
    }

    @Test
    void ofManyContendersAtOnceExactlyOneWinsEachSlot() {
        SteppedClock clock = new SteppedClock(START);
        List<Leases> contenders = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            contenders.add(contender(clock));
        }
        for (int round = 0; round < 5; round++) {
            List<Uni<Boolean>> takes = contenders.stream().map(leases -> leases.take("many-at-once", TTL)).toList();
            List<Boolean> won = await(Uni.join().all(takes).andFailFast());
            assertEquals(1, won.stream().filter(Boolean::booleanValue).count(), "round " + round + ": " + won);
            clock.advance(TTL);
        }
    }

    @Test
    void leasesAreNeverListedAsBlobsNorSweptAndOldSlotsGo() {
        BlobStore store = store();
        BlobId old = BlobId.at(Instant.now().minus(Duration.ofDays(3)));
        await(store.put(old, BlobFormat.TEXT, "an old blob\n".getBytes(StandardCharsets.UTF_8)));
        SteppedClock clock = new SteppedClock(START);
        Leases leases = contender(clock);
        for (int slot = 0; slot < 12; slot++) {
            assertTrue(await(leases.take("listed-never", TTL)));
            clock.advance(slot % 3 == 2 ? TTL.multipliedBy(2) : TTL); // now and then a slot no one took
        }

        assertEquals(List.of(old), await(store.idsBefore(Instant.now().plus(Duration.ofDays(1))).collect().asList()),
                "only the blob is listed");
        await(store.removeUnfinished(Instant.now().plus(Duration.ofDays(1))));
        long last = START.plus(TTL.multipliedBy(14)).toEpochMilli(); // 12 slots taken, 3 skipped, the last skip not yet
        assertTrue(holds(BlobLayout.lease("listed-never", last)), "removing unfinished writes leaves leases alone");
        assertTrue(holds(BlobLayout.lease("listed-never", last - TTL.toMillis())), "the previous slot's lease stays");
        assertEquals(List.of(BlobLayout.lease("listed-never", last - TTL.toMillis()), BlobLayout.lease("listed-never", last)),
                leaseKeys().stream().filter(key -> key.contains("listed-never")).sorted().toList(),
                "older slots' leases are removed by the holder");
        assertTrue(BlobLayout.idOf(BlobLayout.lease("listed-never", last)).isEmpty(), "a lease's name is never a blob's");
    }

    @Test
    void aLeaseNameIsPlainLowerCase() {
        Leases leases = contender(new SteppedClock(START));
        assertThrows(IllegalArgumentException.class, () -> await(leases.take("../blobs/x", TTL)));
        assertThrows(IllegalArgumentException.class, () -> await(leases.take("Sweep", TTL)));
    }
}
