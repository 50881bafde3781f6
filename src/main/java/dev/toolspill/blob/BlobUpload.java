package dev.toolspill.blob;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;

import java.util.List;

/**
 * A blob written from a stream as its bytes arrive, in bounded memory, without blocking the caller: every call answers
 * a {@link Uni} and does its disk or network work off the event loop. Calls come one after another ({@link #write}
 * again only once the last write completed, then {@link #commit} once); only {@link #abort} may come at any time, and
 * runs after the call in progress. Nothing is visible under the blob's name before {@link #commit} completes;
 * {@link #abort} leaves nothing behind.
 */
public interface BlobUpload {

    /** Writes the chunk after the ones before it; completes once the store holds it. The chunk is the upload's now. */
    Uni<Void> write(Buffer chunk);

    /**
     * Writes the chunks, in order, as one {@link #write}: a store that can take them as they are (the filesystem's
     * gathering write) need not copy them into one buffer first; by default they are joined.
     */
    default Uni<Void> write(List<Buffer> chunks) {
        if (chunks.size() == 1) {
            return write(chunks.get(0));
        }
        Buffer joined = Buffer.buffer((int) length(chunks));
        chunks.forEach(joined::appendBuffer);
        return write(joined);
    }

    /** Bytes in {@code chunks}. */
    static long length(List<Buffer> chunks) {
        long bytes = 0;
        for (Buffer chunk : chunks) {
            bytes += chunk.length();
        }
        return bytes;
    }

    /**
     * Makes the blob visible under the name of its final {@code format}, which may differ from the guess it started
     * with. Once only: a second commit, or one after an abort, fails with {@link IllegalStateException}.
     */
    Uni<BlobMetadata> commit(BlobFormat format);

    /** What {@link #commit} kept beside the blob (owner, SHA-256, size); only known once it has committed. */
    BlobRecord record();

    /**
     * The record {@link #commit} would keep for the bytes written so far (owner, SHA-256, size), once every write has
     * completed; nothing is made visible and the upload goes on as before. Empty when this upload cannot tell before it
     * commits (the outage spool): how the deduplicating layer finds a repeat before it makes a second blob of it.
     */
    default Uni<java.util.Optional<BlobRecord>> recordSoFar() {
        return Uni.createFrom().item(java.util.Optional.empty());
    }

    /**
     * Drops what was written. Safe after a failure, during a write, and more than once; after a commit it leaves the
     * blob alone. Never fails: what it cannot remove now, the sweep of unfinished writes removes.
     */
    Uni<Void> abort();

    /**
     * {@code upload} as it is, but its commit followed by {@code then} (given the blob made and its record): how a
     * layer of the store adds a step to a commit. Writes pass through as they come, batches included.
     */
    static BlobUpload thenOnCommit(BlobUpload upload, java.util.function.BiFunction<BlobMetadata, BlobRecord, Uni<BlobMetadata>> then) {
        return new ForwardingBlobUpload(upload) {
            @Override
            public Uni<BlobMetadata> commit(BlobFormat format) {
                return upload.commit(format).flatMap(made -> then.apply(made, upload.record()));
            }
        };
    }
}
