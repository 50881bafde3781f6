package dev.toolspill.pipeline;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.AsyncUpload;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobInfo;
import dev.toolspill.blob.BlobKind;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.limit.Cutter;
import dev.toolspill.limit.HistoryLimit;
import dev.toolspill.limit.Limited;
import dev.toolspill.output.ReadIndex;
import dev.toolspill.output.StreamScanner;
import dev.toolspill.output.Summarizer;
import dev.toolspill.output.Utf8;
import io.quarkus.logging.Log;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

/**
 * Takes an output of any size from a stream, in one pass and bounded memory: the bytes go straight
 * into the blob store while a scanner gathers the summary and the read index. Small outputs take the
 * in-memory path of {@link HistoryGate}. Blocking: call it on a worker thread.
 */
@ApplicationScoped
public class StreamIngest {

    private static final int CHUNK = 256 * 1024;
    private static final Duration WAIT = Duration.ofMinutes(5);

    private final HistoryGate gate;
    private final Optional<BlobStore> store;
    private final Summarizer summarizer;
    private final HistoryLimit limit;
    private final ObjectMapper mapper;
    private final int inlineMaxBytes;
    private final long maxBytes;

    public StreamIngest(HistoryGate gate, Optional<BlobStore> store, Summarizer summarizer, HistoryLimit limit,
                        ObjectMapper mapper, ToolspillConfig config) {
        this.gate = gate;
        this.store = store;
        this.summarizer = summarizer;
        this.limit = limit;
        this.mapper = mapper;
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

    public Admitted ingest(String tool, InputStream body, boolean json) throws IOException {
        byte[] first = body.readNBytes(inlineMaxBytes + 1);
        if (first.length <= inlineMaxBytes) {
            return small(tool, first, json);
        }
        StreamScanner scanner = new StreamScanner(summarizer, json, ReadIndex.EVERY);
        Prefix prefix = new Prefix(limit.limitFor(tool) + 4);
        BlobId id = BlobId.random();
        BlobUpload upload = store.isPresent() ? startUpload(id, guess(first, json)) : null;
        long total = 0;
        byte[] buffer = first;
        int n = first.length;
        try {
            while (n > 0) {
                total += n;
                if (total > maxBytes) {
                    throw new RefusedException("the body is over toolspill.ingest.max-bytes = " + maxBytes
                            + " bytes: send a smaller output or raise that setting", true);
                }
                feed(scanner, buffer, n);
                prefix.add(buffer, n);
                if (upload != null) {
                    upload = write(upload, buffer, n);
                }
                buffer = new byte[CHUNK]; // the last one now belongs to the upload
                n = body.readNBytes(buffer, 0, CHUNK);
            }
            StreamScanner.Scan scan = finish(scanner);
            if (upload == null) {
                return limitedPrefix(tool, prefix, total, store.isPresent());
            }
            BlobInfo info = commit(upload, scan);
            if (info == null) {
                return limitedPrefix(tool, prefix, total, true);
            }
            String summary = summarizer.summarize(id, scan.shape());
            storeIndex(id, scan.index().withSummary(summary));
            Limited limited = limit.apply(tool, summary, Cutter.UTF8, "full output: " + id.tag());
            return new Admitted(limited.text(), info, limited.truncated() ? new Admitted.Truncation(limited.droppedBytes(), id) : null);
        } catch (RuntimeException | IOException | Error e) {
            if (upload != null) {
                upload.abort();
            }
            throw e;
        }
    }

    private Admitted small(String tool, byte[] bytes, boolean json) {
        StreamScanner check = new StreamScanner(summarizer, json, ReadIndex.EVERY);
        feed(check, bytes, bytes.length);
        finish(check);
        try {
            return gate.admit(tool, Utf8.decode(bytes)).await().atMost(WAIT);
        } catch (CharacterCodingException e) {
            throw new RefusedException("the body is not valid UTF-8: send text encoded as UTF-8", false);
        }
    }

    private BlobUpload startUpload(BlobId id, BlobKind guess) {
        try {
            return new AsyncUpload(store.get().upload(id, guess), AsyncUpload.WRITERS);
        } catch (IOException | RuntimeException e) {
            Log.warnf("Could not start storing an output in %s, returning it limited: %s", store.get().location(), e.toString());
            return null;
        }
    }

    /** A store that fails mid-stream is dropped; the rest of the body is still read, for the limited prefix. */
    private BlobUpload write(BlobUpload upload, byte[] buffer, int n) {
        try {
            upload.write(buffer, 0, n);
            return upload;
        } catch (IOException | RuntimeException e) {
            Log.warnf("Storing an output in %s failed, returning it limited: %s", store.get().location(), e.toString());
            upload.abort();
            return null;
        }
    }

    private BlobInfo commit(BlobUpload upload, StreamScanner.Scan scan) {
        try {
            return upload.commit(scan.kind(), scan.index().count());
        } catch (IOException | RuntimeException e) {
            Log.warnf("Storing an output in %s failed at the end, returning it limited: %s", store.get().location(), e.toString());
            upload.abort();
            return null;
        }
    }

    /** The index makes reads fast; a blob without one still works, so a failure here is only logged. */
    private void storeIndex(BlobId id, ReadIndex index) {
        try {
            store.get().storeIndex(id, index.toJson(mapper)).await().atMost(WAIT);
        } catch (RuntimeException e) {
            Log.warnf("Could not store the read index of blob %s (reads will scan it): %s", id, e.toString());
        }
    }

    private Admitted limitedPrefix(String tool, Prefix prefix, long total, boolean storeFailed) {
        String note = storeFailed ? "the full output could not be stored (the blob store is unavailable)" : "";
        Limited limited = limit.apply(tool, prefix.text(), total, Cutter.UTF8, note);
        return new Admitted(limited.text(), null, limited.truncated() ? new Admitted.Truncation(limited.droppedBytes(), null) : null);
    }

    private static void feed(StreamScanner scanner, byte[] bytes, int n) {
        try {
            scanner.feed(bytes, 0, n);
        } catch (StreamScanner.InvalidOutputException e) {
            throw new RefusedException(e.getMessage(), false);
        }
    }

    private static StreamScanner.Scan finish(StreamScanner scanner) {
        try {
            return scanner.finish();
        } catch (StreamScanner.InvalidOutputException e) {
            throw new RefusedException(e.getMessage(), false);
        }
    }

    /** The likely kind from the first bytes, so the upload starts under the name it will most likely keep. */
    private static BlobKind guess(byte[] first, boolean json) {
        for (byte b : first) {
            if (b == '[') {
                return BlobKind.JSON_ARRAY;
            }
            if (b == '{') {
                return BlobKind.JSON_OBJECT;
            }
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return json ? BlobKind.JSON_OBJECT : BlobKind.TEXT;
            }
        }
        return BlobKind.TEXT;
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
            // The prefix may end inside a character: keep only whole ones.
            String decoded = new String(Arrays.copyOf(bytes, size), java.nio.charset.StandardCharsets.UTF_8);
            return decoded.endsWith("\uFFFD") ? decoded.substring(0, decoded.length() - 1) : decoded;
        }
    }
}
