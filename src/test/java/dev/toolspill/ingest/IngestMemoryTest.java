package dev.toolspill.ingest;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IngestMemoryTest {

    private final IngestMemory memory = new IngestMemory(1000);

    @Test
    void aBodyReadsWhileTheMemoryHasRoom() {
        IngestMemory.Share body = memory.share();
        body.holds(999);
        assertTrue(body.mayRead());
        assertFalse(body.waiting());
    }

    @Test
    void whenTheMemoryIsInUseNoShareMayRead() {
        IngestMemory.Share full = memory.share();
        IngestMemory.Share empty = memory.share();
        full.holds(1000);
        assertFalse(full.mayRead());
        assertFalse(empty.mayRead(), "the memory itself lets nobody read: the reader decides who may pass");
        assertTrue(full.waiting() && empty.waiting(), "a waiting body sends on what it holds");
    }

    @Test
    void aBodyThatAsksAgainOnceOthersGaveBackReads() {
        IngestMemory.Share full = memory.share();
        IngestMemory.Share waiter = memory.share();
        full.holds(1200);
        assertFalse(waiter.mayRead());
        full.holds(400); // its chunks were written
        assertTrue(waiter.mayRead());
        assertFalse(waiter.waiting());
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
