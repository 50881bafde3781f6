package dev.toolspill.blob.s3;

import io.vertx.mutiny.core.buffer.Buffer;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PartBlocksTest {

    @Test
    void blocksGrowToExactlyOnePartAndNoneIsHumongousInASmallHeap() {
        PartBlocks part = new PartBlocks();
        List<Integer> sizes = new ArrayList<>();
        int capacity = 0;
        while (capacity < S3Upload.PART_BYTES) {
            sizes.add(part.nextBlock());
            capacity += part.nextBlock();
            part.grow();
        }
        assertEquals(S3Upload.PART_BYTES, capacity, "a full part is exactly a part: " + sizes);
        assertEquals(List.of(64 * 1024, 64 * 1024, 128 * 1024, 256 * 1024), sizes.subList(0, 4));
        assertTrue(sizes.stream().allMatch(size -> size < 512 * 1024), "under half a 1 MiB G1 region: " + sizes);
    }

    @Test
    void whatIsCopiedInComesOutInOrderCutToWhatWasFilled() {
        PartBlocks part = new PartBlocks();
        byte[] sent = new byte[200_000];
        for (int i = 0; i < sent.length; i++) {
            sent[i] = (byte) (i * 31);
        }
        Buffer chunk = Buffer.buffer(sent);
        int from = 0;
        while (from < sent.length) {
            if (!part.hasRoom()) {
                part.grow();
            }
            from += part.copy(chunk, from);
        }
        ByteBuffer joined = ByteBuffer.allocate(part.filled());
        for (ByteBuffer block : part.take()) {
            joined.put(block);
        }
        assertArrayEquals(sent, joined.array());
        assertEquals(0, part.filled(), "and the part starts again empty");
    }
}
