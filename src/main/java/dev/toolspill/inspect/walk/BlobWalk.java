package dev.toolspill.inspect.walk;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.ByteRange;
import io.smallrye.mutiny.Uni;

import java.util.Optional;

/**
 * Reads a blob forward from a position only as far as a {@link Walker} needs, without blocking: chunks are asked
 * for one by one, and the read stops (and releases what it opened) once the walker has its answer.
 */
public final class BlobWalk {

    /** Looks at a blob's bytes in order; {@code feed} returns the answer once it has one, else null. */
    public interface Walker<T> {
        T feed(byte[] chunk);

        /** The answer when the bytes ended first. */
        T end();
    }

    private BlobWalk() {
    }

    /** The first window is one ranged read: most walks (a few hundred lines or elements) end inside it. */
    static final int FIRST_WINDOW = 64 * 1024;

    public static <T> Uni<T> walk(BlobStore store, BlobId id, ByteRange range, Walker<T> walker) {
        ByteRange first = new ByteRange(range.offset(), Math.min(range.length(), FIRST_WINDOW));
        return store.read(id, first).flatMap(bytes -> {
            T found = walker.feed(bytes);
            if (found != null) {
                return Uni.createFrom().item(found);
            }
            if (bytes.length < first.length() || first.end() >= range.end()) {
                return Uni.createFrom().item(walker::end);
            }
            return store.stream(id, ByteRange.between(first.end(), range.end()))
                    .map(chunk -> Optional.ofNullable(walker.feed(chunk.getBytes())))
                    .filter(Optional::isPresent)
                    .toUni()
                    .map(next -> next == null ? walker.end() : next.get());
        });
    }
}
