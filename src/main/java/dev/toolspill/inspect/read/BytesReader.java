package dev.toolspill.inspect.read;

import dev.toolspill.inspect.render.InspectMessages;
import dev.toolspill.inspect.render.SelectionRenderer;

import dev.toolspill.inspect.selector.Selector;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.limit.Limited;
import dev.toolspill.scan.ReadIndex;
import io.smallrye.mutiny.Uni;

import java.util.Arrays;

/**
 * Answers {@code bytes:} selectors of any blob: each end inside a UTF-8 character moves on to the next character's
 * first byte, so the answer is whole characters and parts that follow one another join up exactly.
 */
public final class BytesReader {

    private final BlobStore store;
    private final SelectionRenderer renderer;

    public BytesReader(BlobStore store, SelectionRenderer renderer) {
        this.store = store;
        this.renderer = renderer;
    }

    public Uni<Limited> read(BlobId id, ReadIndex index, Selector.Bytes bytes) {
        InspectMessages.checkBytes(id, index, bytes);
        long size = index.bytes();
        long to = Math.min(bytes.to(), size);
        long windowEnd = Math.min(to, bytes.from() + renderer.cap());
        return store.read(id, ByteRange.between(bytes.from(), Math.min(size, windowEnd + 3))).flatMap(window -> {
            long start = bytes.from() + continuations(window, 0);
            Uni<Long> end = to == size ? Uni.createFrom().item(size)
                    : to < windowEnd + 1 ? Uni.createFrom().item(to + continuations(window, (int) (to - bytes.from())))
                    : store.read(id, new ByteRange(to, 3)).map(after -> to + continuations(after, 0));
            return end.map(last -> {
                int from = (int) Math.min(start - bytes.from(), window.length);
                int length = (int) Math.max(0, Math.min(last, bytes.from() + window.length) - start);
                byte[] prefix = Arrays.copyOfRange(window, from, from + length);
                return renderer.bytes(bytes, start, Math.max(start, last), size, prefix);
            });
        });
    }

    /** How many UTF-8 continuation bytes (at most 3) start at {@code at}: the distance to the next character's start. */
    private static int continuations(byte[] bytes, int at) {
        int n = 0;
        while (n < 3 && at + n < bytes.length && (bytes[at + n] & 0xC0) == 0x80) {
            n++;
        }
        return n;
    }
}
