package dev.toolspill.inspect;

import dev.toolspill.inspect.read.GrepReader;
import dev.toolspill.inspect.read.HeadPicture;
import dev.toolspill.inspect.read.InspectSettings;
import dev.toolspill.inspect.read.PathReader;
import dev.toolspill.inspect.read.Spans;
import dev.toolspill.inspect.render.InspectMessages;
import dev.toolspill.inspect.render.SelectionRenderer;
import dev.toolspill.inspect.walk.BlobWalk;
import dev.toolspill.inspect.walk.LineSpanWalker;
import dev.toolspill.inspect.walk.LineWalker;

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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

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
    private final Summarizer summarizer;
    private final SelectionRenderer renderer;
    private final Spans spans;
    private final PathReader paths;
    private final GrepReader greps;
    private final HeadPicture picture;

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
        this.summarizer = summarizer;
        this.renderer = new SelectionRenderer(limit);
        this.spans = new Spans(store, renderer);
        this.paths = new PathReader(store, spans, renderer);
        this.greps = new GrepReader(store, limit, settings);
        this.picture = new HeadPicture(store, settings);
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
                return lines(id, index, new Selector.Lines(1, Long.MAX_VALUE));
            }
            if (index.kind() == BlobKind.JSON_ARRAY && index.count() > 0) {
                return slice(id, index, new Selector.Slice(0, Long.MAX_VALUE));
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

        /**
         * The head is drawn from the read index alone, and this replica keeps the index (and the record) of what it
         * wrote after another replica removed the blob: one byte read from the store shows the blob is still there.
         */
        @Override
        public Uni<Limited> head(Selector.Head head) {
            return store.read(id, new ByteRange(0, Math.min(1, index.bytes())))
                    .flatMap(present -> picture.of(id, index))
                    .map(more -> renderer.head(id, index, summarizer.summarize(id, index.shape()), more));
        }

        @Override
        public Uni<Limited> lines(Selector.Lines lines) {
            return Inspector.this.lines(id, index, lines);
        }

        @Override
        public Uni<Limited> slice(Selector.Slice slice) {
            return Inspector.this.slice(id, index, slice);
        }

        @Override
        public Uni<Limited> key(Selector.Key key) {
            return spans.keyValue(id, index, key.name()).flatMap(value -> spans.value(id, key, value));
        }

        @Override
        public Uni<Limited> bytes(Selector.Bytes bytes) {
            return Inspector.this.bytes(id, index, bytes);
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

    private Uni<Limited> lines(BlobId id, ReadIndex index, Selector.Lines lines) {
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

    private Uni<Limited> slice(BlobId id, ReadIndex index, Selector.Slice slice) {
        InspectMessages.checkStart(id, index, slice.from());
        long from = slice.from();
        long to = Math.min(slice.to(), index.count());
        return spans.elements(id, index, from, to - from, renderer.cap())
                .flatMap(leading -> leading.size() == to - from ? Uni.createFrom().item(leading)
                        // cut by the limit: the last element too, for the size of the whole selection
                        : spans.elements(id, index, to - 1, 1, Long.MAX_VALUE).map(last -> Spans.concat(leading, last)))
                .flatMap(found -> spans.page(id, SelectionRenderer.Paging.slice(to), from, to, found));
    }

    /**
     * Bytes of any blob: each end inside a UTF-8 character moves on to the next character's first byte, so the
     * answer is whole characters and parts that follow one another join up exactly.
     */
    private Uni<Limited> bytes(BlobId id, ReadIndex index, Selector.Bytes bytes) {
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
