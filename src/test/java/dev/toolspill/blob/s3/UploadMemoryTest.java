package dev.toolspill.blob.s3;

import io.smallrye.mutiny.Uni;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Part memory in KiB: parts of 8 KiB from 16 KiB in all, so two parts fit. */
class UploadMemoryTest {

    private static final int KIB = 1024;
    private static final Duration LONG = Duration.ofMinutes(10);

    @Test
    void uploadsFillingPartsAtOnceNeverAllWaitForEachOther() {
        // Four uploads grow their parts a KiB at a time, in turns. Had each been granted while memory lasted, all four
        // would hold 4 KiB and wait for the 4 KiB another holds: none could ever send.
        UploadMemory memory = new UploadMemory(16 * KIB, 8 * KIB, LONG);
        Map<UploadMemory.Share, Integer> held = new HashMap<>();
        Queue<UploadMemory.Share> turns = new ArrayDeque<>();
        for (int i = 0; i < 4; i++) {
            UploadMemory.Share upload = memory.share();
            held.put(upload, 0);
            turns.add(upload);
        }
        int sent = 0;
        while (!turns.isEmpty()) {
            UploadMemory.Share upload = turns.poll();
            if (held.get(upload) == 8) {
                memory.give(upload.sent()); // the part is sent, and S3 has it
                sent++;
            } else {
                upload.take(KIB).subscribe().with(granted -> {
                    held.merge(upload, 1, Integer::sum);
                    turns.add(upload); // its next turn, once granted: a waiting upload takes no turn
                });
            }
        }
        assertEquals(4, sent, "every part was filled and sent, with nobody giving up");
        assertEquals(16, memory.availableKib(), "and all of it was given back");
    }

    @Test
    void aGrantThatWouldLeaveNoPartAbleToFinishWaitsWhileASafeOneBehindItGoes() {
        UploadMemory memory = new UploadMemory(16 * KIB, 8 * KIB, LONG);
        UploadMemory.Share nearlyFull = memory.share();
        UploadMemory.Share half = memory.share();
        UploadMemory.Share fresh = memory.share();
        granted(nearlyFull.take(7 * KIB));
        granted(half.take(5 * KIB));

        AtomicBoolean freshGranted = new AtomicBoolean();
        fresh.take(4 * KIB).subscribe().with(ok -> freshGranted.set(true));
        assertFalse(freshGranted.get(), "4 KiB free, but after this grant nobody could finish a part");

        granted(nearlyFull.take(KIB)); // behind the waiting one in line, but it finishes its part
        assertFalse(freshGranted.get());
        memory.give(nearlyFull.sent());
        assertTrue(freshGranted.get(), "the sent part's memory made the waiting grant safe");
        assertEquals(16 - 5 - 4, memory.availableKib());
    }

    @Test
    void anUploadThatGetsNoMemoryWithinTheWaitFailsNamingTheSetting() {
        UploadMemory memory = new UploadMemory(8 * KIB, 8 * KIB, Duration.ofMillis(20));
        UploadMemory.Share full = memory.share();
        granted(full.take(8 * KIB));

        AtomicReference<Throwable> refused = new AtomicReference<>();
        memory.share().take(KIB).subscribe().with(ok -> { }, refused::set);
        await().atMost(LONG).until(() -> refused.get() != null);
        assertInstanceOf(IOException.class, refused.get());
        assertTrue(refused.get().getMessage().contains("toolspill.blob-store.s3.upload-buffer-bytes"), refused.get().getMessage());

        memory.drop(full);
        assertEquals(8, memory.availableKib(), "the one that gave up took nothing");
    }

    @Test
    void aDroppedUploadStopsWaitingAtOnceAndTakesNothing() {
        UploadMemory memory = new UploadMemory(8 * KIB, 8 * KIB, LONG);
        UploadMemory.Share full = memory.share();
        UploadMemory.Share dropped = memory.share();
        granted(full.take(8 * KIB));
        AtomicReference<Throwable> failed = new AtomicReference<>();
        dropped.take(KIB).subscribe().with(ok -> { }, failed::set);

        dropped.abandon();
        assertInstanceOf(IOException.class, failed.get(), "failed at once, not at the end of a ten-minute wait");
        memory.drop(full);
        assertEquals(8, memory.availableKib(), "given back, and nothing granted to the dropped one");
    }

    @Test
    void aSentPartStillHoldsItsMemoryUntilItIsGivenBack() {
        UploadMemory memory = new UploadMemory(16 * KIB, 8 * KIB, LONG);
        UploadMemory.Share upload = memory.share();
        granted(upload.take(8 * KIB));
        int inFlight = upload.sent();
        assertEquals(8 * KIB, inFlight);
        granted(upload.take(8 * KIB)); // the next part fills while the first is on its way
        assertEquals(0, memory.availableKib());
        memory.give(inFlight);
        memory.drop(upload);
        assertEquals(16, memory.availableKib());
    }

    private static void granted(Uni<Void> take) {
        AtomicBoolean now = new AtomicBoolean();
        take.subscribe().with(ok -> now.set(true));
        assertTrue(now.get(), "granted at once");
    }
}
