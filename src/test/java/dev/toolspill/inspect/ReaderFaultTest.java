package dev.toolspill.inspect;

import dev.toolspill.inspect.walk.UnreadablePartException;

import dev.toolspill.inspect.selector.Selector;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.TestVertx;
import dev.toolspill.blob.BlobAccess;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.fs.FsBlobStore;
import dev.toolspill.limit.HistoryLimit;
import dev.toolspill.output.Summarizer;
import dev.toolspill.scan.BlobIndexer;
import dev.toolspill.tenant.Caller;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A reader that cannot parse bytes its read index vouches for (here: a blob changed behind the store's back, so its
 * size and index still agree) fails as the reader's own fault: not a store outage (which answers 503 and "retry
 * shortly"), and the index is not distrusted (which made every retry rescan the blob). A count the index states
 * that the blob contradicts still has the index rebuilt.
 */
class ReaderFaultTest {

    @TempDir
    Path root;

    @Test
    void aReaderThatCannotParseIsNotAStoreOutageAndKeepsTheIndex() throws Exception {
        FsBlobStore store = new FsBlobStore(root, TestVertx.VERTX);
        String doc = "[" + "{\"a\":1},".repeat(2000) + "{\"a\":1}]";
        BlobId id = StoredTwins.store(store, doc, true)[0]; // with a read index of every 7th element
        Path blob = root.resolve("blobs").resolve(id + ".json");
        Files.writeString(blob, doc.replace("{\"a\":1},{\"a\":1}]", "{\"a\":1},{\"a\";1}]"), StandardCharsets.UTF_8);
        AtomicInteger distrusted = new AtomicInteger();
        Summarizer summarizer = new Summarizer(400, 5, 3);
        BlobIndexer indexer = new BlobIndexer(store, summarizer.settings(), new ObjectMapper(), 32 << 20) {
            @Override
            public void distrust(BlobId blob) {
                distrusted.incrementAndGet();
                super.distrust(blob);
            }
        };
        Inspector inspector = new Inspector(store, BlobAccess.over(store), indexer, summarizer, new HistoryLimit(16384, Map.of()));
        for (String selector : new String[] {"slice:1999..2001", "path:/2000/a"}) {
            RuntimeException failure = assertThrows(RuntimeException.class, () -> inspector.inspect(Caller.ANYONE, id,
                    Selector.parse(selector)).await().atMost(Duration.ofSeconds(30)));
            assertFalse(failure instanceof BlobStoreException, selector + ": " + failure);
            assertTrue(failure instanceof UnreadablePartException, selector + ": " + failure);
            assertTrue(failure.getMessage().contains("a retry will not help"), failure.getMessage());
        }
        assertEquals(0, distrusted.get(), "the index is kept");
        assertEquals("{\"a\":1}", inspector.inspect(Caller.ANYONE, id, Selector.parse("path:/3")).await().atMost(Duration.ofSeconds(30)).text());
    }
}
