package dev.toolspill.ingest;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.blob.StoreKind;
import dev.toolspill.blob.UploadHops;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.history.Admitted;
import dev.toolspill.history.HistoryGate;
import dev.toolspill.limit.Cutter;
import dev.toolspill.limit.HistoryLimit;
import dev.toolspill.limit.Limited;
import dev.toolspill.output.Summarizer;
import dev.toolspill.redact.Redaction;
import dev.toolspill.scan.BlobIndexer;
import dev.toolspill.scan.InvalidOutputException;
import dev.toolspill.scan.Scan;
import dev.toolspill.scan.ScanSettings;
import dev.toolspill.scan.StreamScanner;
import dev.toolspill.text.Utf8;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.mutiny.core.buffer.Buffer;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Arrays;

/**
 * Takes an output of any size from a stream, in one pass and bounded memory, without holding a thread: the one ingest
 * pipeline of the service ({@link IngestFlow}), fed by {@code POST /v1/tool-outputs} bodies and by long answers of
 * remote tools. The bytes go to the store through its asynchronous {@link dev.toolspill.blob.BlobUpload} while a
 * scanner gathers the summary and the read index. Outputs that stay inline are answered by {@link HistoryGate} without
 * storing. Every wait is bounded: by the stall timeout of the body, and by the store's deadline.
 */
@ApplicationScoped
public class StreamIngest {

    /** What a flow works with: the same for every output. */
    record Stages(StreamIngest ingest, HistoryGate gate, BlobStore store, StoreKind kind, BlobIndexer indexer, Summarizer summarizer,
                  ScanSettings settings, HistoryLimit limit, int inlineMaxBytes, UploadHops hops,
                  StallWatch stalls, Redaction redaction, IngestMemory memory) {
    }

    /** One output: whose, how much it may be, and what to do when its sender stalls. */
    record Job(String tool, boolean json, long maxBytes, String limitKey, boolean strict, String owner, Runnable onStall) {
    }

    private final Stages stages;
    private final Vertx vertx;
    private final HistoryLimit limit;
    private final long maxBytes;

    public StreamIngest(HistoryGate gate, BlobStore store, StoreKind kind, BlobIndexer indexer, Summarizer summarizer, ScanSettings settings,
                        HistoryLimit limit, ToolspillConfig config, io.vertx.mutiny.core.Vertx vertx, StallWatch stalls,
                        Redaction redaction, IngestMemory memory) {
        this.stages = new Stages(this, gate, store, kind, indexer, summarizer, settings, limit, config.output().inlineMaxBytes(),
                UploadHops.shared(vertx, config.ingest().writerThreads()), stalls, redaction, memory);
        this.vertx = vertx.getDelegate();
        this.limit = limit;
        this.maxBytes = config.ingest().maxBytes();
    }

    /** Refused input: over the size cap, not UTF-8, or not the JSON it claims to be. */
    public static class RefusedException extends IllegalArgumentException {
        private final boolean tooLarge;

        RefusedException(String message, boolean tooLarge) {
            super(message);
            this.tooLarge = tooLarge;
        }

        public boolean tooLarge() {
            return tooLarge;
        }
    }

    /**
     * An uploaded body, read to its end, and what history holds for it; a store that cannot take it fails the answer
     * with {@link BlobStoreException} (its sender still holds it). {@code onStall} runs when the body stalls.
     */
    public Uni<Admitted> ingest(String tool, Multi<Buffer> body, boolean json, String owner, Runnable onStall) {
        return ingest(tool, body, json, maxBytes, "toolspill.ingest.max-bytes", true, owner, onStall);
    }

    /**
     * As above, taking at most {@code maxBytes} ({@code limitKey} names that setting). When the store fails: with
     * {@code strict}, a {@link BlobStoreException}; without, what the limit keeps of it, marked as not stored. A body
     * that fails to arrive fails the answer with an {@link java.io.IOException}; cancelling the answer drops the upload.
     */
    public Uni<Admitted> ingest(String tool, Multi<Buffer> body, boolean json, long maxBytes, String limitKey, boolean strict,
                                String owner, Runnable onStall) {
        return Uni.createFrom().deferred(() -> new IngestFlow(stages, new Job(tool, json, maxBytes, limitKey, strict, owner, onStall), vertx)
                .run(body));
    }

    /**
     * Starts storing an output: with {@code keep} (an output of a tool run here, which nobody else holds), kept by the
     * store even while the shared store is down ({@link BlobStore#keepUpload}); null when the store cannot even start it.
     */
    BlobUpload start(BlobId id, BlobFormat guess, boolean keep, String owner) {
        try {
            return keep ? stages.store().keepUpload(id, guess, owner) : stages.store().upload(id, guess, owner);
        } catch (RuntimeException e) {
            Log.warnf("Could not start storing an output in %s, returning it limited: %s", stages.store().location(), e.toString());
            return null;
        }
    }

    Admitted limitedPrefix(String tool, Prefix prefix, long total, boolean storeFailed) {
        Limited limited = limit.apply(tool, prefix.text(), total, Cutter.UTF8, storeFailed ? HistoryGate.UNSTORED : "");
        Admitted admitted = new Admitted(limited.text(), null, limited.truncated() ? new Admitted.Truncation(limited.droppedBytes(), null) : null);
        return storeFailed ? admitted.unstored() : admitted;
    }

    static StreamScanner feed(StreamScanner scanner, byte[] bytes, int offset, int n) {
        try {
            scanner.feed(bytes, offset, n);
            return scanner;
        } catch (InvalidOutputException e) {
            throw new RefusedException(e.getMessage(), false);
        }
    }

    static StreamScanner feed(StreamScanner scanner, byte[] bytes, int n) {
        return feed(scanner, bytes, 0, n);
    }

    static Scan finish(StreamScanner scanner) {
        try {
            return scanner.finish();
        } catch (InvalidOutputException e) {
            throw new RefusedException(e.getMessage(), false);
        }
    }

    /** The likely format from the first bytes, so the upload starts under the name it will most likely keep. */
    static BlobFormat guess(byte[] first, boolean json) {
        for (byte b : first) {
            if (b == '[' || b == '{') {
                return BlobFormat.JSON;
            }
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return json ? BlobFormat.JSON : BlobFormat.TEXT;
            }
        }
        return BlobFormat.TEXT;
    }

    /** The first bytes of the body, as many as the limit could ever show. */
    static final class Prefix {
        private final byte[] bytes;
        private int size;

        Prefix(int capacity) {
            bytes = new byte[capacity];
        }

        void add(byte[] chunk, int offset, int n) {
            int copy = Math.min(n, bytes.length - size);
            if (copy > 0) {
                System.arraycopy(chunk, offset, bytes, size, copy);
                size += copy;
            }
        }

        String text() {
            return Utf8.decodePrefix(bytes, size);
        }
    }
}
