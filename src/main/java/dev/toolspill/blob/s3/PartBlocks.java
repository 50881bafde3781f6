package dev.toolspill.blob.s3;

import io.vertx.mutiny.core.buffer.Buffer;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The part an S3 upload fills, in blocks that come as bytes arrive: 64 KiB, 64 KiB, 128 KiB, then 256 KiB each. A small
 * output takes about its own size, a part grows without copying what it holds, and the SDK sends the blocks as they
 * are. No block reaches half a G1 region (1 MiB regions at a 256 MiB heap): an array that does is humongous and takes
 * whole regions, so a block of 1 MiB took 2 MiB of heap. Used by one upload, one call at a time.
 */
final class PartBlocks {

    static final int FIRST = 64 * 1024;
    private static final int LARGEST = 256 * 1024;

    private List<byte[]> blocks = new ArrayList<>();
    private int capacity;
    private int filled;

    int filled() {
        return filled;
    }

    boolean hasBlocks() {
        return !blocks.isEmpty();
    }

    boolean hasRoom() {
        return filled < capacity;
    }

    /** The size of the block {@link #grow} adds next. */
    int nextBlock() {
        return blocks.isEmpty() ? FIRST : Math.min(LARGEST, FIRST << Math.min(blocks.size() - 1, 8)); // no shift past LARGEST
    }

    void grow() {
        int size = nextBlock();
        blocks.add(new byte[size]);
        capacity += size;
    }

    /** Copies what fits of {@code chunk} from {@code from} into the last block; answers how many bytes. */
    int copy(Buffer chunk, int from) {
        byte[] last = blocks.get(blocks.size() - 1);
        int n = Math.min(chunk.length() - from, capacity - filled);
        chunk.getDelegate().getBytes(from, from + n, last, last.length - (capacity - filled));
        filled += n;
        return n;
    }

    /** The bytes filled, as buffers over the blocks (the last cut to what it holds); the part starts again empty. */
    ByteBuffer[] take() {
        ByteBuffer[] part = new ByteBuffer[blocks.size()];
        int left = filled;
        for (int i = 0; i < part.length; i++) {
            byte[] block = blocks.get(i);
            part[i] = ByteBuffer.wrap(block, 0, Math.min(block.length, left));
            left -= part[i].remaining();
        }
        blocks = new ArrayList<>();
        capacity = 0;
        filled = 0;
        return part;
    }
}
