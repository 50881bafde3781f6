package dev.toolspill.ingest;

import io.vertx.mutiny.core.buffer.Buffer;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/** Chunks of a body waiting for one stage of its {@link IngestFlow}, in order; a stage takes what waits in one batch. */
final class ChunkQueue {

    /** Most bytes one batch holds (one scan hop, one write). */
    static final int BATCH = 1024 * 1024;

    /**
     * Bytes a stage waits for before it takes a hop, unless told to go {@code now}: a fast body then costs a hop per
     * this many bytes per stage, not one per network read (each hop is a wake-up of a worker and of the event loop).
     */
    static final long HOP = IngestFlow.HOLD / 2;

    private final ArrayDeque<Buffer> chunks = new ArrayDeque<>();
    private long bytes;

    void add(Buffer chunk) {
        chunks.add(chunk);
        bytes += chunk.length();
    }

    /** Whether a stage takes what waits: a batch worth a hop, or anything at all when {@code now}. */
    boolean ready(boolean now) {
        return !chunks.isEmpty() && (now || bytes >= HOP);
    }

    boolean isEmpty() {
        return chunks.isEmpty();
    }

    void clear() {
        chunks.clear();
        bytes = 0;
    }

    /** The chunks that wait, in order, up to {@value #BATCH} bytes (at least one). */
    List<Buffer> take() {
        List<Buffer> taken = new ArrayList<>();
        long size = 0;
        while (!chunks.isEmpty() && (taken.isEmpty() || size + chunks.peek().length() <= BATCH)) {
            Buffer next = chunks.poll();
            size += next.length();
            taken.add(next);
        }
        bytes -= size;
        return taken;
    }
}
