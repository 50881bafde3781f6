package dev.toolspill.inspect.read;

import dev.toolspill.inspect.render.InspectMessages;
import dev.toolspill.inspect.render.SelectionRenderer;

import dev.toolspill.inspect.selector.Selector;
import dev.toolspill.blob.BlobId;
import dev.toolspill.limit.Limited;
import dev.toolspill.scan.ReadIndex;
import io.smallrye.mutiny.Uni;

/**
 * Answers {@code slice:} selectors of a top-level array: the read index finds the first element, and only the
 * elements the limit shows are read, with the last one for the size of the whole selection.
 */
public final class SliceReader {

    private final Spans spans;
    private final SelectionRenderer renderer;

    public SliceReader(Spans spans, SelectionRenderer renderer) {
        this.spans = spans;
        this.renderer = renderer;
    }

    public Uni<Limited> read(BlobId id, ReadIndex index, Selector.Slice slice) {
        InspectMessages.checkStart(id, index, slice.from());
        long from = slice.from();
        long to = Math.min(slice.to(), index.count());
        return spans.elements(id, index, from, to - from, renderer.cap())
                .flatMap(leading -> leading.size() == to - from ? Uni.createFrom().item(leading)
                        // cut by the limit: the last element too, for the size of the whole selection
                        : spans.elements(id, index, to - 1, 1, Long.MAX_VALUE).map(last -> Spans.concat(leading, last)))
                .flatMap(found -> spans.page(id, SelectionRenderer.Paging.slice(to), from, to, found));
    }
}
