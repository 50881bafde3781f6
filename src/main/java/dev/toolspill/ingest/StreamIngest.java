package dev.toolspill.ingest;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.spool.Spool;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.history.Admitted;
import dev.toolspill.history.HistoryGate;
import dev.toolspill.history.StoredBlob;
import dev.toolspill.limit.Cutter;
import dev.toolspill.limit.HistoryLimit;
import dev.toolspill.limit.Limited;
import dev.toolspill.output.Summarizer;
import dev.toolspill.scan.BlobIndexer;
import dev.toolspill.scan.InvalidOutputException;
import dev.toolspill.scan.ReadIndex;
import dev.toolspill.scan.Scan;
import dev.toolspill.scan.ScanSettings;
import dev.toolspill.scan.StreamScanner;
import dev.toolspill.text.ByteOrderMarks;
import dev.toolspill.text.Utf8;
import io.quarkus.logging.Log;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Takes an output of any size from a stream, in one pass and bounded memory: the bytes go to the store through an
 * {@link UploadWriter} while a scanner gathers the summary and the read index. Outputs that stay inline are answered
 * by {@link HistoryGate} without storing. This is the one blocking path of the service: it reads a stream on the
 * request's worker thread, and every wait in it is bounded by a stall timeout.
 */
@ApplicationScoped
public class StreamIngest {

    private static final int CHUNK = 256 * 1024;

    private final HistoryGate gate;
    private final BlobStore store;
    private final UploadWriters writers;
    private final BlobIndexer indexer;
    private final Summarizer summarizer;
    private final ScanSettings settings;
    private final HistoryLimit limit;
    private final int inlineMaxBytes;
    private final long maxBytes;
    private final Spool spool;

    public StreamIngest(HistoryGate gate, BlobStore store, UploadWriters writers, BlobIndexer indexer, Summarizer summarizer,
                        ScanSettings settings, HistoryLimit limit, ToolspillConfig config, Spool spool) {
        this.spool = spool;
        this.gate = gate;
        this.store = store;
        this.writers = writers;
        this.indexer = indexer;
        this.summarizer = summarizer;
        this.settings = settings;
        this.limit = limit;
        this.inlineMaxBytes = config.output().inlineMaxBytes();
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
     * Reads the body to its end and answers what history holds for it. Blocking by design (it reads a stream): call
     * it on a worker thread. Every wait in it is bounded: by the stall timeout of the body, and of the store.
     */
    public Admitted ingest(String tool, InputStream body, boolean json, String owner) throws IOException {
        return ingest(tool, body, json, maxBytes, "toolspill.ingest.max-bytes", true, owner);
    }

    /**
     * As {@link #ingest(String, InputStream, boolean)}, taking at most {@code maxBytes} ({@code limitKey} names that
     * setting). When the store fails: with {@code strict}, a {@link BlobStoreException} (the sender still holds the
     * output and can send it again); without, what the limit keeps of it, marked as not stored.
     */
    public Admitted ingest(String tool, InputStream body, boolean json, long maxBytes, String limitKey, boolean strict,
                           String owner) throws IOException {
        ByteOrderMarks.Skipped marks = ByteOrderMarks.skip(body); // not content, however many lead the body
        byte[] first = marks.rest().readNBytes(inlineMaxBytes + 1); // one byte more than inline
        boolean ended = first.length < inlineMaxBytes + 1;
        int dropped = marks.bytes();
        if (ended && first.length <= inlineMaxBytes) {
            finish(feed(new StreamScanner(settings, json, ReadIndex.EVERY).after(dropped), first, first.length));
            String text = new String(first, StandardCharsets.UTF_8);
            if (!store.available() || !limit.exceeds(tool, text)) {
                return gate.admitInline(tool, text);
            }
        }
        return large(tool, marks.rest(), json, first, dropped, new Cap(maxBytes, limitKey), strict, owner);
    }

    /** The most bytes a body may have, and the setting that says so. */
    private record Cap(long maxBytes, String limitKey) {
    }

    private Admitted large(String tool, InputStream body, boolean json, byte[] first, int dropped, Cap cap,
                           boolean strict, String owner) throws IOException {
        long maxBytes = cap.maxBytes();
        String limitKey = cap.limitKey();
        StreamScanner scanner = new StreamScanner(settings, json, ReadIndex.EVERY).after(dropped);
        Prefix prefix = new Prefix(limit.limitFor(tool) + 4);
        BlobId id = BlobId.random();
        // an output this replica's tool made goes to the spool while the store is known down (the sender of an upload
        // still holds it, and gets a 503 instead); a store that fails once the stream has started leaves it limited
        boolean spooled = !strict && store.available() && spool.storeDown();
        UploadWriter upload = store.available() ? start(id, guess(first, json), spooled, owner) : null;
        if (strict && store.available() && upload == null) {
            throw notStored();
        }
        long total = 0;
        byte[] buffer = first;
        int n = first.length;
        try {
            while (n > 0) {
                total += n;
                if (total > maxBytes) {
                    throw new RefusedException("the body is over " + limitKey + " = " + maxBytes
                            + " bytes: send a smaller output or raise that setting", true);
                }
                feed(scanner, buffer, n);
                prefix.add(buffer, n);
                upload = write(upload, buffer, n);
                if (strict && store.available() && upload == null) {
                    throw notStored();
                }
                buffer = new byte[CHUNK]; // the last one now belongs to the upload
                n = body.readNBytes(buffer, 0, CHUNK);
            }
            Scan scan = finish(scanner);
            if (upload == null) {
                return limitedPrefix(tool, prefix, total, store.available());
            }
            BlobMetadata meta = commit(upload, scan);
            if (meta == null) {
                upload = null; // already dropped
                if (strict) {
                    throw notStored();
                }
                return limitedPrefix(tool, prefix, total, true);
            }
            // the index makes reads fast; a blob without one is scanned when first read, so nobody waits for it
            indexer.keep(id, scan.index()).subscribe().with(ok -> { }, failure -> { });
            StoredBlob blob = new StoredBlob(id, scan.kind(), meta.bytes(), scan.count(), spooled);
            if (total <= inlineMaxBytes) {
                // small enough to stay inline, but over this tool's limit: the cut text, naming the blob that holds it all
                return gate.admitKept(tool, new String(first, StandardCharsets.UTF_8), blob);
            }
            return stored(tool, blob, scan);
        } catch (RuntimeException | IOException e) {
            if (upload != null) {
                upload.abort(); // answer only once what was written is gone, so a refused body leaves nothing behind
            }
            throw e;
        }
    }

    private BlobStoreException notStored() {
        return new BlobStoreException("it could not take this output now, so nothing of it was kept (see the replica's log)", null);
    }

    private BlobMetadata commit(UploadWriter upload, Scan scan) {
        try {
            return upload.commit(scan.kind().format());
        } catch (IOException | RuntimeException e) {
            Log.warnf("Storing an output in %s failed at the end, returning it limited: %s", writers.location(), e.toString());
            spool.storeAnswered(false);
            upload.abortLater();
            return null;
        }
    }

    private Admitted stored(String tool, StoredBlob blob, Scan scan) {
        return gate.admitKept(tool, summarizer.summarize(blob.id(), scan.shape()), blob);
    }

    private UploadWriter start(BlobId id, BlobFormat guess, boolean spooled, String owner) {
        try {
            return spooled ? writers.startSpooled(spool, id, guess, owner) : writers.start(id, guess, owner);
        } catch (IOException | RuntimeException e) {
            Log.warnf("Could not start storing an output in %s, returning it limited: %s", writers.location(), e.toString());
            return null;
        }
    }

    /** A store that fails mid-stream is dropped; the rest of the body is still read, for the limited prefix. */
    private UploadWriter write(UploadWriter upload, byte[] buffer, int n) {
        if (upload == null) {
            return null;
        }
        try {
            upload.write(buffer, 0, n);
            return upload;
        } catch (IOException | RuntimeException e) {
            Log.warnf("Storing an output in %s failed, returning it limited: %s", writers.location(), e.toString());
            spool.storeAnswered(false);
            upload.abortLater(); // the store failed: the rest of the body is still read, for the limited prefix
            return null;
        }
    }

    private Admitted limitedPrefix(String tool, Prefix prefix, long total, boolean storeFailed) {
        Limited limited = limit.apply(tool, prefix.text(), total, Cutter.UTF8, storeFailed ? HistoryGate.UNSTORED : "");
        Admitted admitted = new Admitted(limited.text(), null, limited.truncated() ? new Admitted.Truncation(limited.droppedBytes(), null) : null);
        return storeFailed ? admitted.unstored() : admitted;
    }

    private static StreamScanner feed(StreamScanner scanner, byte[] bytes, int n) {
        try {
            scanner.feed(bytes, 0, n);
            return scanner;
        } catch (InvalidOutputException e) {
            throw new RefusedException(e.getMessage(), false);
        }
    }

    private static Scan finish(StreamScanner scanner) {
        try {
            return scanner.finish();
        } catch (InvalidOutputException e) {
            throw new RefusedException(e.getMessage(), false);
        }
    }

    /** The likely format from the first bytes, so the upload starts under the name it will most likely keep. */
    private static BlobFormat guess(byte[] first, boolean json) {
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
    private static final class Prefix {
        private final byte[] bytes;
        private int size;

        Prefix(int capacity) {
            bytes = new byte[capacity];
        }

        void add(byte[] chunk, int n) {
            int copy = Math.min(n, bytes.length - size);
            if (copy > 0) {
                System.arraycopy(chunk, 0, bytes, size, copy);
                size += copy;
            }
        }

        String text() {
            return Utf8.decodePrefix(bytes, size);
        }
    }
}
