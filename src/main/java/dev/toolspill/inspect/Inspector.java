package dev.toolspill.inspect;

import dev.toolspill.inspect.read.BytesReader;
import dev.toolspill.inspect.read.GrepReader;
import dev.toolspill.inspect.read.HeadReader;
import dev.toolspill.inspect.read.InspectSettings;
import dev.toolspill.inspect.read.LinesReader;
import dev.toolspill.inspect.read.PathReader;
import dev.toolspill.inspect.read.KeyReader;
import dev.toolspill.inspect.read.SliceReader;
import dev.toolspill.inspect.read.Spans;
import dev.toolspill.inspect.render.InspectMessages;
import dev.toolspill.inspect.render.SelectionRenderer;

import dev.toolspill.inspect.selector.Selector;
import dev.toolspill.blob.BlobAccess;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.limit.HistoryLimit;
import dev.toolspill.limit.Limited;
import dev.toolspill.metrics.Telemetry;
import dev.toolspill.output.Summarizer;
import dev.toolspill.scan.BlobIndexer;
import dev.toolspill.scan.BlobKind;
import dev.toolspill.scan.ReadIndex;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.tenant.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.nio.charset.StandardCharsets;

/**
 * Reads exactly the part of a blob a selector names, byte for byte, under the limit of the tool {@code inspect}.
 * With the blob's read index it reads only the bytes near the selection, so the cost follows the size of the
 * answer, not of the blob. Every step returns a {@link Uni}: nothing waits on a thread.
 */
@ApplicationScoped
public class Inspector {

    private final BlobStore store;
    private final BlobAccess access;
    private final BlobIndexer indexer;
    private final SelectionRenderer renderer;
    private final Spans spans;
    private final LinesReader lines;
    private final SliceReader slices;
    private final KeyReader keys;
    private final BytesReader bytes;
    private final PathReader paths;
    private final GrepReader greps;
    private final HeadReader head;

    private final Telemetry telemetry;

    @Inject
    public Inspector(BlobStore store, BlobAccess access, BlobIndexer indexer, Summarizer summarizer, HistoryLimit limit,
                     ToolspillConfig config, Telemetry telemetry) {
        this(store, access, indexer, summarizer, limit, InspectSettings.of(config.inspect()), telemetry);
    }

    public Inspector(BlobStore store, BlobAccess access, BlobIndexer indexer, Summarizer summarizer, HistoryLimit limit) {
        this(store, access, indexer, summarizer, limit, InspectSettings.DEFAULT);
    }

    public Inspector(BlobStore store, BlobAccess access, BlobIndexer indexer, Summarizer summarizer, HistoryLimit limit,
                     InspectSettings settings) {
        this(store, access, indexer, summarizer, limit, settings, Telemetry.NONE);
    }

    public Inspector(BlobStore store, BlobAccess access, BlobIndexer indexer, Summarizer summarizer, HistoryLimit limit,
                     InspectSettings settings, Telemetry telemetry) {
        this.telemetry = telemetry;
        this.store = store;
        this.access = access;
        this.indexer = indexer;
        this.renderer = new SelectionRenderer(limit);
        this.spans = new Spans(store, renderer);
        this.lines = new LinesReader(store, spans, renderer);
        this.slices = new SliceReader(spans, renderer);
        this.keys = new KeyReader(spans);
        this.bytes = new BytesReader(store, renderer);
        this.paths = new PathReader(store, spans, renderer);
        this.greps = new GrepReader(store, limit, settings);
        this.head = new HeadReader(store, summarizer, renderer, settings);
    }

    /** Checks that {@code caller} may read the blob first, on every read: the cached read index is shared by all. */
    public Uni<Limited> inspect(Caller caller, BlobId id, Selector selector) {
        return telemetry.inspect(() -> access.check(caller, id).flatMap(readable -> indexer.indexOf(id)).flatMap(index -> select(id, index, selector))
                .onFailure(dev.toolspill.scan.IndexMismatchException.class).invoke(() -> indexer.distrust(id)));
    }

    /**
     * The blob from its start, under the same limit: whole and byte-exact when it fits; else its first lines (text) or
     * elements (array), or its first bytes (object), ending with the selector that reads on.
     */
    public Uni<Limited> first(Caller caller, BlobId id) {
        return telemetry.inspect(() -> access.check(caller, id).flatMap(readable -> firstPart(id)));
    }

    private Uni<Limited> firstPart(BlobId id) {
        return indexer.indexOf(id).flatMap(index -> {
            if (index.bytes() < renderer.cap()) {
                return store.read(id, new ByteRange(0, index.bytes())).map(bytes -> new Limited(new String(bytes, StandardCharsets.UTF_8), 0));
            }
            if (index.kind() == BlobKind.TEXT) {
                return lines.read(id, index, new Selector.Lines(1, Long.MAX_VALUE));
            }
            if (index.kind() == BlobKind.JSON_ARRAY && index.count() > 0) {
                return slices.read(id, index, new Selector.Slice(0, Long.MAX_VALUE));
            }
            return spans.prefix(id, 0, index.bytes()).map(prefix -> renderer.start(id, index, prefix));
        });
    }

    private Uni<Limited> select(BlobId id, ReadIndex index, Selector selector) {
        InspectMessages.checkFits(id, index, selector);
        return selector.readWith(new Reads(id, index));
    }

    /** Each kind of selection, read for one blob: the one place a selector meets its reader. */
    private final class Reads implements Selector.Reads<Uni<Limited>> {

        private final BlobId id;
        private final ReadIndex index;

        Reads(BlobId id, ReadIndex index) {
            this.id = id;
            this.index = index;
        }

        @Override
        public Uni<Limited> head(Selector.Head selected) {
            return head.read(id, index);
        }

        @Override
        public Uni<Limited> lines(Selector.Lines selected) {
            return lines.read(id, index, selected);
        }

        @Override
        public Uni<Limited> slice(Selector.Slice slice) {
            return slices.read(id, index, slice);
        }

        @Override
        public Uni<Limited> key(Selector.Key key) {
            return keys.read(id, index, key);
        }

        @Override
        public Uni<Limited> bytes(Selector.Bytes selected) {
            return bytes.read(id, index, selected);
        }

        @Override
        public Uni<Limited> path(Selector.Path path) {
            return paths.read(id, index, path);
        }

        @Override
        public Uni<Limited> grep(Selector.Grep grep) {
            return greps.read(id, index, grep);
        }
    }
}
