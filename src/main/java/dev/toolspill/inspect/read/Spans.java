package dev.toolspill.inspect.read;

import dev.toolspill.inspect.render.InspectMessages;
import dev.toolspill.inspect.render.SelectionRenderer;
import dev.toolspill.inspect.walk.BlobWalk;
import dev.toolspill.inspect.walk.ElementWalker;
import dev.toolspill.inspect.walk.KeyWalker;

import dev.toolspill.inspect.selector.Selector;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.limit.Limited;
import dev.toolspill.scan.ReadIndex;
import io.smallrye.mutiny.Uni;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the parts of a blob are, found with its read index and short walks, and the reads that turn spans into an
 * answer: what the readers of {@code inspect} share. Reads stay near the selection and within what the limit shows.
 */
public final class Spans {

    private final BlobStore store;
    private final SelectionRenderer renderer;

    public Spans(BlobStore store, SelectionRenderer renderer) {
        this.store = store;
        this.renderer = renderer;
    }

    /** Where a key's value is: in the index, or, for keys past what it keeps, found by reading on from its last span. */
    public Uni<ByteRange> keyValue(BlobId id, ReadIndex index, String key) {
        ByteRange value = index.values().get(key);
        if (value != null && index.allKeysIndexed()) {
            return Uni.createFrom().item(value);
        }
        if (index.allKeysIndexed()) {
            return Uni.createFrom().failure(InspectMessages.unknownKey(id, key, index.values()));
        }
        long after = index.unindexedFrom();
        return BlobWalk.walk(store, id, ByteRange.between(after, index.end() + 1), new KeyWalker(after, key))
                .map(found -> found != KeyWalker.NOT_FOUND ? found : value)
                .map(found -> {
                    if (found == null) {
                        throw InspectMessages.unknownKey(id, key, index.values());
                    }
                    return found;
                });
    }

    /** Spans of {@code count} elements of a top-level array from {@code from}, or fewer once their bytes pass {@code budget}. */
    public Uni<List<ByteRange>> elements(BlobId id, ReadIndex index, long from, long count, long budget) {
        ElementWalker walker = new ElementWalker(index, from, count, budget);
        return BlobWalk.walk(store, id, ByteRange.between(walker.base(), index.end() + 1), walker);
    }

    /** A page of elements or members from their spans: leading ones as far as the limit shows, and the last one. */
    public Uni<Limited> page(BlobId id, SelectionRenderer.Paging paging, long from, long to, List<ByteRange> spans) {
        long start = spans.get(0).offset();
        long readEnd = spans.get(spans.size() == to - from ? spans.size() - 1 : Math.max(0, spans.size() - 2)).end();
        return store.read(id, new ByteRange(start, Math.min(readEnd - start, renderer.cap() * 2)))
                .map(raw -> renderer.elements(paging, from, to, spans, raw));
    }

    /** One value, as stored: as much of it as the limit shows, and the {@code bytes:} selector for the rest. */
    public Uni<Limited> value(BlobId id, Selector selector, ByteRange span) {
        return prefix(id, span.offset(), span.end()).map(prefix -> renderer.value(selector, span, prefix));
    }

    public static List<ByteRange> concat(List<ByteRange> leading, List<ByteRange> last) {
        List<ByteRange> all = new ArrayList<>(leading);
        all.addAll(last);
        return all;
    }

    /** The first bytes of {@code start..end}, as many as the limit could show. */
    public Uni<byte[]> prefix(BlobId id, long start, long end) {
        return store.read(id, ByteRange.between(start, Math.min(end, start + renderer.cap())));
    }
}
