package dev.toolspill.ingest;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IngestMemoryTest {

    private final IngestMemory memory = new IngestMemory(1000);
    private final AtomicInteger woken = new AtomicInteger();

    @Test
    void aBodyReadsWhileTheMemoryHasRoom() {
        IngestMemory.Share body = memory.share();
        body.holds(999);
        assertTrue(body.mayRead(woken::incrementAndGet));
        assertFalse(body.waiting());
    }

    @Test
    void whenTheMemoryIsInUseNoShareMayRead() {
        IngestMemory.Share full = memory.share();
        IngestMemory.Share empty = memory.share();
        full.holds(1000);
        assertFalse(full.mayRead(woken::incrementAndGet));
        assertFalse(empty.mayRead(woken::incrementAndGet), "the memory itself lets nobody read: the reader decides who may pass");
        assertTrue(full.waiting() && empty.waiting(), "a waiting body sends on what it holds");
        assertEquals(0, woken.get());
    }

    @Test
    void givingMemoryBackWakesEachWaitingBodyOnce() {
        IngestMemory.Share full = memory.share();
        IngestMemory.Share waiter = memory.share();
        full.holds(1200);
        assertFalse(waiter.mayRead(woken::incrementAndGet));
        assertFalse(waiter.mayRead(woken::incrementAndGet), "asked again while it waits: still one wake");
        full.holds(1100);
        assertEquals(0, woken.get(), "still over the budget: nobody is woken");
        full.holds(400);
        assertEquals(1, woken.get());
        assertFalse(waiter.waiting());
        assertTrue(waiter.mayRead(woken::incrementAndGet));
    }

    @Test
    void aWakeThatFindsNoRoomWaitsForTheNextGivingBack() {
        IngestMemory.Share full = memory.share();
        IngestMemory.Share waiter = memory.share();
        full.holds(1000);
        Runnable askAgain = new Runnable() {
            @Override
            public void run() {
                woken.incrementAndGet();
                full.holds(1000); // someone else took it first
                waiter.mayRead(this);
            }
        };
        assertFalse(waiter.mayRead(askAgain));
        full.holds(500);
        assertEquals(1, woken.get(), "woken once, not again and again within one giving back");
        assertTrue(waiter.waiting());
        full.holds(0);
        assertEquals(2, woken.get());
    }

    @Test
    void theSharesOfFinishedBodiesAreGivenBackAndThePeakIsKept() {
        IngestMemory.Share a = memory.share();
        IngestMemory.Share b = memory.share();
        a.holds(300);
        b.holds(500);
        a.holds(0);
        b.holds(0);
        assertEquals(0, memory.held());
        assertEquals(800, memory.takePeak());
        assertEquals(0, memory.takePeak(), "the peak since the last call");
    }
}
