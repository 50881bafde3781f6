package dev.toolspill.inspect.read;

import dev.toolspill.blob.BlobId;
import dev.toolspill.inspect.selector.Selector;
import dev.toolspill.limit.Limited;
import dev.toolspill.scan.ReadIndex;
import io.smallrye.mutiny.Uni;

/**
 * Answers {@code key:} selectors of a top-level object: the read index holds each top-level key's span, so the value is
 * one ranged read, paged like any other value when it is larger than the limit.
 */
public final class KeyReader {

    private final Spans spans;

    public KeyReader(Spans spans) {
        this.spans = spans;
    }

    public Uni<Limited> read(BlobId id, ReadIndex index, Selector.Key key) {
        return spans.keyValue(id, index, key.name()).flatMap(value -> spans.value(id, key, value));
    }
}
