package dev.toolspill.ingest;

import io.vertx.mutiny.core.buffer.Buffer;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/** Chunks of a body waiting for one stage of its {@link IngestFlow}, in order; a stage takes what waits in one batch. */
final class ChunkQueue {

    /** Most bytes one batch holds (one scan hop, one write). */
    static final int BATCH = 1024 * 1024;

    private final ArrayDeque<Buffer> chunks = new ArrayDeque<>();

    void add(Buffer chunk) {
        chunks.add(chunk);
    }

    boolean isEmpty() {
        return chunks.isEmpty();
    }

    void clear() {
        chunks.clear();
    }

    /** The chunks that wait, in order, up to {@value #BATCH} bytes (at least one). */
    List<Buffer> take() {
        List<Buffer> taken = new ArrayList<>();
        long bytes = 0;
        while (!chunks.isEmpty() && (taken.isEmpty() || bytes + chunks.peek().length() <= BATCH)) {
            Buffer next = chunks.poll();
            bytes += next.length();
            taken.add(next);
        }
        return taken;
    }

    static long length(List<Buffer> batch) {
        long bytes = 0;
        for (Buffer chunk : batch) {
            bytes += chunk.length();
        }
        return bytes;
    }

    /** The batch as one buffer: itself when it is one chunk, else a copy. */
    static Buffer joined(List<Buffer> batch) {
        if (batch.size() == 1) {
            return batch.get(0);
        }
        Buffer joined = Buffer.buffer((int) length(batch));
        batch.forEach(joined::appendBuffer);
        return joined;
    }
}
