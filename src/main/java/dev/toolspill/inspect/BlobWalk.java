package dev.toolspill.inspect;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.ByteRange;
import io.smallrye.mutiny.Uni;

import java.util.Optional;

/**
 * Reads a blob forward from a position only as far as a {@link Walker} needs, without blocking: chunks are asked
 * for one by one, and the read stops (and releases what it opened) once the walker has its answer.
 */
final class BlobWalk {

    /** Looks at a blob's bytes in order; {@code feed} returns the answer once it has one, else null. */
    interface Walker<T> {
        T feed(byte[] chunk);

        /** The answer when the bytes ended first. */
        T end();
    }

    private BlobWalk() {
    }

    static <T> Uni<T> walk(BlobStore store, BlobId id, ByteRange range, Walker<T> walker) {
        return store.stream(id, range)
                .map(chunk -> Optional.ofNullable(walker.feed(chunk.getBytes())))
                .filter(Optional::isPresent)
                .toUni()
                .map(found -> found == null ? walker.end() : found.get());
    }
}
