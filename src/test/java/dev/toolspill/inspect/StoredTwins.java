package dev.toolspill.inspect;

import dev.toolspill.inspect.read.InspectSettings;

import dev.toolspill.inspect.selector.Selector;
import dev.toolspill.inspect.selector.InvalidSelectorException;
import dev.toolspill.blob.BlobAccess;
import dev.toolspill.tenant.Caller;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.limit.HistoryLimit;
import dev.toolspill.scan.BlobIndexer;
import dev.toolspill.scan.Scan;
import dev.toolspill.scan.StreamScanner;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/** The same content stored twice on a store: streamed with a read index of every 7 units, and whole without one. */
final class StoredTwins {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private StoredTwins() {
    }

    static BlobId[] store(BlobStore store, String text, boolean json) throws Exception {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        StreamScanner scanner = new StreamScanner(IndexedInspectContractTest.SUMMARIZER.settings(), json, 7);
        BlobId indexed = BlobId.random();
        BlobUpload upload = store.upload(indexed, json ? BlobFormat.JSON : BlobFormat.TEXT);
        for (int pos = 0; pos < bytes.length; pos += 1000) {
            int n = Math.min(1000, bytes.length - pos);
            scanner.feed(bytes, pos, n);
            upload.write(io.vertx.mutiny.core.buffer.Buffer.buffer(java.util.Arrays.copyOfRange(bytes, pos, pos + n))).await().indefinitely();
        }
        Scan scan = scanner.finish();
        upload.commit(scan.kind().format()).await().indefinitely();
        indexer(store).keep(indexed, scan.index()).await().atMost(Duration.ofSeconds(30));
        BlobId plain = BlobId.random();
        store.put(plain, scan.kind().format(), bytes).await().atMost(Duration.ofSeconds(30));
        return new BlobId[] {indexed, plain};
    }

    /** A fresh indexer, with a cache of its own. */
    static BlobIndexer indexer(BlobStore store) {
        return new BlobIndexer(store, IndexedInspectContractTest.SUMMARIZER.settings(), MAPPER, 32 << 20);
    }

    static Inspector inspector(BlobStore store, int limit, InspectSettings settings) {
        return new Inspector(store, BlobAccess.over(store), indexer(store), IndexedInspectContractTest.SUMMARIZER, new HistoryLimit(limit, Map.of()), settings);
    }

    static String answer(Inspector inspector, BlobId id, String selector) {
        try {
            return inspector.inspect(Caller.ANYONE, id, Selector.parse(selector)).await().atMost(Duration.ofSeconds(60)).text();
        } catch (InvalidSelectorException e) {
            return "error: " + e.getMessage().replace(id.toString(), "<id>");
        }
    }
}
