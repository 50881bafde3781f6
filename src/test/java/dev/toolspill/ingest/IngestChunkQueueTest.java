package dev.toolspill.ingest;

import io.vertx.mutiny.core.buffer.Buffer;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A stage of an ingest waits for a batch worth a hop, unless told to go now; it takes the chunks in order. */
class IngestChunkQueueTest {

    private static Buffer bytes(int n, char fill) {
        return Buffer.buffer(String.valueOf(fill).repeat(n));
    }

    @Test
    void aStageWaitsForABatchWorthAHopUnlessToldToGoNow() {
        ChunkQueue queue = new ChunkQueue();
        assertFalse(queue.ready(true), "nothing waits: nothing to take");
        queue.add(bytes(64 * 1024, 'a'));
        assertFalse(queue.ready(false), "64 KiB is not worth a hop yet");
        assertTrue(queue.ready(true), "the body ended, or the reader may hold no more: take what waits");
        while (!queue.ready(false)) {
            queue.add(bytes(64 * 1024, 'b'));
        }
        assertEquals(ChunkQueue.HOP / (64 * 1024), queue.take().size(), "a hop's worth, in one batch");
        assertFalse(queue.ready(false), "taken: the count starts again");
    }

    @Test
    void aBatchIsTheChunksInOrderUpToItsSize() {
        ChunkQueue queue = new ChunkQueue();
        queue.add(bytes(3, 'a'));
        queue.add(bytes(ChunkQueue.BATCH, 'b'));
        queue.add(bytes(5, 'c'));
        List<Buffer> first = queue.take();
        assertEquals(1, first.size(), "the next chunk would pass the batch size");
        assertEquals("aaa", first.get(0).toString());
        assertEquals(ChunkQueue.BATCH, queue.take().get(0).length());
        assertEquals("ccccc", queue.take().get(0).toString());
        assertTrue(queue.isEmpty());
        assertFalse(queue.ready(true));
    }
}
