package dev.toolspill.inspect.read;

import dev.toolspill.inspect.render.SelectionRenderer;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.limit.Limited;
import dev.toolspill.output.Summarizer;
import dev.toolspill.scan.ReadIndex;
import io.smallrye.mutiny.Uni;

/**
 * Answers {@code inspect} with no selector: metadata and the summary, drawn from the read index alone, then the
 * sections of {@link HeadPicture} that the summary cannot hold.
 */
public final class HeadReader {

    private final BlobStore store;
    private final HeadPicture picture;
    private final Summarizer summarizer;
    private final SelectionRenderer renderer;

    public HeadReader(BlobStore store, Summarizer summarizer, SelectionRenderer renderer, InspectSettings settings) {
        this.store = store;
        this.picture = new HeadPicture(store, settings);
        this.summarizer = summarizer;
        this.renderer = renderer;
    }

    /**
     * This replica keeps the index (and the record) of what it wrote after another replica removed the blob: one
     * byte read from the store shows the blob is still there.
     */
    public Uni<Limited> read(BlobId id, ReadIndex index) {
        return store.read(id, new ByteRange(0, Math.min(1, index.bytes())))
                .flatMap(present -> picture.of(id, index))
                .map(more -> renderer.head(id, index, summarizer.summarize(id, index.shape()), more));
    }
}
