package dev.toolspill.inspect.read;

import dev.toolspill.inspect.render.InspectMessages;
import dev.toolspill.inspect.render.SelectionRenderer;
import dev.toolspill.inspect.walk.BlobWalk;
import dev.toolspill.inspect.walk.LineSpanWalker;
import dev.toolspill.inspect.walk.LineWalker;

import dev.toolspill.inspect.selector.Selector;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.limit.Limited;
import dev.toolspill.scan.ReadIndex;
import io.smallrye.mutiny.Uni;

/**
 * Answers {@code lines:} selectors of a text: the read index gives the indexed line nearest each end, and short walks
 * count the few lines from there, so only the bytes near the selection are read.
 */
public final class LinesReader {

    private final BlobStore store;
    private final Spans spans;
    private final SelectionRenderer renderer;

    public LinesReader(BlobStore store, Spans spans, SelectionRenderer renderer) {
        this.store = store;
        this.spans = spans;
        this.renderer = renderer;
    }

    public Uni<Limited> read(BlobId id, ReadIndex index, Selector.Lines lines) {
        InspectMessages.checkStart(id, index, lines.from());
        long from = lines.from();
        long to = Math.min(lines.to(), index.count());
        if (index.positionBefore(from) == index.positionBefore(to + 1)) {
            // both ends after the same indexed line: one walk finds them and picks up the bytes between
            long offset = index.startBefore(from);
            LineSpanWalker walker = new LineSpanWalker(index.positionBefore(from), offset, from, to + 1, renderer.cap(), index.bytes());
            return BlobWalk.walk(store, id, ByteRange.between(offset, index.bytes()), walker)
                    .flatMap(span -> firstLineEnd(id, index, span.start(), span.prefix())
                            .map(firstEnd -> renderer.lines(from, to, span.prefix(), span.end() - span.start(), span.start(), firstEnd)));
        }
        Uni<Long> start = lineStart(id, index, from);
        Uni<Long> end = to == index.count() ? Uni.createFrom().item(index.bytes()) : lineStart(id, index, to + 1);
        return Uni.combine().all().unis(start, end).asTuple()
                .flatMap(span -> spans.prefix(id, span.getItem1(), span.getItem2())
                        .flatMap(prefix -> firstLineEnd(id, index, span.getItem1(), prefix)
                                .map(firstEnd -> renderer.lines(from, to, prefix, span.getItem2() - span.getItem1(),
                                        span.getItem1(), firstEnd))));
    }

    /** Where the selection's first line ends: in the bytes read, or (a line longer than the limit) found by reading on. */
    private Uni<Long> firstLineEnd(BlobId id, ReadIndex index, long start, byte[] prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if (prefix[i] == '\n') {
                return Uni.createFrom().item(start + i + 1);
            }
        }
        long after = start + prefix.length;
        return BlobWalk.walk(store, id, ByteRange.between(after, index.bytes()), new LineWalker(0, after, 1, index.bytes()));
    }

    /** Where line {@code n} starts: from the nearest indexed line, counting the few lines between. */
    private Uni<Long> lineStart(BlobId id, ReadIndex index, long n) {
        long line = index.positionBefore(n);
        long offset = index.startBefore(n);
        if (line == n) {
            return Uni.createFrom().item(offset);
        }
        return BlobWalk.walk(store, id, ByteRange.between(offset, index.bytes()), new LineWalker(line, offset, n, index.bytes()));
    }
}
