package dev.toolspill.inspect.read;

import dev.toolspill.inspect.render.InspectMessages;
import dev.toolspill.inspect.render.SelectionRenderer;
import dev.toolspill.inspect.walk.BlobWalk;
import dev.toolspill.inspect.walk.PathOutcome;
import dev.toolspill.inspect.walk.PathWalker;

import dev.toolspill.inspect.selector.Selector;
import dev.toolspill.inspect.selector.JsonPointer;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.limit.Limited;
import dev.toolspill.scan.BlobKind;
import dev.toolspill.scan.ReadIndex;
import io.smallrye.mutiny.Uni;

/**
 * Answers {@code path:} selectors. The read index finds the top-level value the pointer starts in (a key's span, or
 * an element near an indexed one); only that value is then parsed, as a stream, to follow the rest of the pointer.
 * The whole blob is never held: memory follows the answer and the nesting, not the blob.
 */
public final class PathReader {

    private final BlobStore store;
    private final Spans spans;
    private final SelectionRenderer renderer;

    public PathReader(BlobStore store, Spans spans, SelectionRenderer renderer) {
        this.store = store;
        this.spans = spans;
        this.renderer = renderer;
    }

    public Uni<Limited> read(BlobId id, ReadIndex index, Selector.Path path) {
        JsonPointer pointer = path.pointer();
        if (pointer.size() == 0) {
            return root(id, index, path);
        }
        Uni<ByteRange> member = index.kind() == BlobKind.JSON_OBJECT ? spans.keyValue(id, index, pointer.token(0))
                : element(id, index, path);
        return member.flatMap(span -> pointer.size() == 1 && path.page() == null ? spans.value(id, path, span)
                : walk(id, span, path, 1));
    }

    /** The whole document, or a page of it: the top-level array through the index, an object by walking it. */
    private Uni<Limited> root(BlobId id, ReadIndex index, Selector.Path path) {
        Selector.Page page = path.page();
        boolean array = index.kind() == BlobKind.JSON_ARRAY;
        if (page != null && page.keys() == array) {
            throw InspectMessages.pageMismatch(id, path, 0, array ? "array" : "object", index.count());
        }
        if (page != null && array) {
            InspectMessages.checkStart(id, index, page.from());
            long to = Math.min(page.to(), index.count());
            SelectionRenderer.Paging paging = SelectionRenderer.Paging.of(path, false, to);
            return spans.elements(id, index, page.from(), to - page.from(), renderer.cap())
                    .flatMap(leading -> leading.size() == to - page.from() ? Uni.createFrom().item(leading)
                            : spans.elements(id, index, to - 1, 1, Long.MAX_VALUE).map(last -> Spans.concat(leading, last)))
                    .flatMap(found -> spans.page(id, paging, page.from(), to, found));
        }
        return BlobWalk.walk(store, id, ByteRange.between(0, index.bytes()), new FirstByte())
                .flatMap(start -> page == null ? spans.value(id, path, ByteRange.between(start, index.end() + 1))
                        : walk(id, ByteRange.between(start, index.end() + 1), path, 0));
    }

    /** The span of the top-level element the pointer's first token names. */
    private Uni<ByteRange> element(BlobId id, ReadIndex index, Selector.Path path) {
        long element = JsonPointer.index(path.pointer().token(0));
        if (element < 0 || element >= index.count()) {
            throw InspectMessages.missing(id, path, 0, new PathOutcome.Missing(0, "array", index.count(), null));
        }
        return spans.elements(id, index, element, 1, Long.MAX_VALUE).map(found -> found.get(0));
    }

    /** Follows the pointer from its token {@code resolved} on, through the value at {@code member}. */
    private Uni<Limited> walk(BlobId id, ByteRange member, Selector.Path path, int resolved) {
        JsonPointer pointer = path.pointer();
        JsonPointer rest = new JsonPointer(pointer.tokens().subList(resolved, pointer.size()));
        return BlobWalk.walk(store, id, member, new PathWalker(member.offset(), rest, path.page(), renderer.cap()))
                .flatMap(outcome -> {
                    if (outcome instanceof PathOutcome.Found found) {
                        return spans.value(id, path, found.span());
                    }
                    if (outcome instanceof PathOutcome.Paged paged) {
                        return page(id, path, paged);
                    }
                    PathOutcome.Missing missing = (PathOutcome.Missing) outcome;
                    if (missing.level() == rest.size()) {
                        throw InspectMessages.pageMismatch(id, path, pointer.size(), missing.what(), missing.count());
                    }
                    throw InspectMessages.missing(id, path, resolved + missing.level(), missing);
                });
    }

    private Uni<Limited> page(BlobId id, Selector.Path path, PathOutcome.Paged paged) {
        long from = path.page().from();
        if (paged.selected() == 0) {
            throw InspectMessages.pagePastEnd(id, path, paged.object(), paged.count());
        }
        long to = from + paged.selected();
        return spans.page(id, SelectionRenderer.Paging.of(path, paged.object(), to), from, to, paged.spans());
    }

    /** Where the document starts: its first byte that is not blank. */
    private static final class FirstByte implements BlobWalk.Walker<Long> {
        private long position;

        @Override
        public Long feed(byte[] chunk) {
            for (int i = 0; i < chunk.length; i++) {
                byte c = chunk[i];
                if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                    return position + i;
                }
            }
            position += chunk.length;
            return null;
        }

        @Override
        public Long end() {
            throw new BlobStoreException("the blob does not match its read index (it holds no JSON value)", null);
        }
    }
}
