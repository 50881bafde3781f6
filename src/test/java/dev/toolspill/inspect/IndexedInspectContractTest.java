package dev.toolspill.inspect;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.blob.BlobFormat;
import dev.toolspill.limit.HistoryLimit;
import dev.toolspill.output.Summarizer;
import dev.toolspill.scan.BlobIndexer;
import dev.toolspill.scan.Scan;
import dev.toolspill.scan.StreamScanner;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A blob with a read index and the same content without one (scanned on first read) answer every
 * selector with the same bytes, including cuts by a small limit; run against each store.
 */
public abstract class IndexedInspectContractTest {

    protected static final ObjectMapper MAPPER = new ObjectMapper();
    static final Summarizer SUMMARIZER = new Summarizer(400, 5, 3);

    protected abstract BlobStore store();

    /** Stores {@code text} twice: streamed with a read index (every 7 units), and whole without one. */
    private BlobId[] twins(String text, boolean json) throws Exception {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        StreamScanner scanner = new StreamScanner(SUMMARIZER.settings(), json, 7);
        BlobId indexed = BlobId.random();
        BlobUpload upload = store().upload(indexed, json ? BlobFormat.JSON : BlobFormat.TEXT);
        for (int pos = 0; pos < bytes.length; pos += 1000) {
            int n = Math.min(1000, bytes.length - pos);
            scanner.feed(bytes, pos, n);
            upload.write(bytes, pos, n);
        }
        Scan scan = scanner.finish();
        upload.commit(scan.kind().format());
        indexer().keep(indexed, scan.index()).await().atMost(Duration.ofSeconds(30));
        BlobId plain = BlobId.random();
        store().put(plain, scan.kind().format(), bytes).await().atMost(Duration.ofSeconds(30));
        assertTrue(store().readIndex(indexed).await().atMost(Duration.ofSeconds(30)).isPresent());
        assertTrue(store().readIndex(plain).await().atMost(Duration.ofSeconds(30)).isEmpty());
        return new BlobId[] {indexed, plain};
    }

    /** A fresh indexer, with a cache of its own. */
    private BlobIndexer indexer() {
        return new BlobIndexer(store(), SUMMARIZER.settings(), MAPPER, 32 << 20);
    }

    private static String answer(Inspector inspector, BlobId id, String selector) {
        try {
            return inspector.inspect(id, Selector.parse(selector)).await().atMost(Duration.ofSeconds(30)).text();
        } catch (InvalidSelectorException e) {
            return "error: " + e.getMessage().replace(id.toString(), "<id>");
        }
    }

    private void assertSameAnswers(String text, boolean json, List<String> selectors) throws Exception {
        BlobId[] ids = twins(text, json);
        for (int limit : new int[] {16384, 300, 128}) {
            Inspector inspector = new Inspector(store(), indexer(), SUMMARIZER, new HistoryLimit(limit, Map.of()));
            for (String selector : selectors) {
                // The two blobs differ only by id (cut short when a marker names it near the limit).
                String indexed = answer(inspector, ids[0], selector).replaceAll("[0-9a-f]{8}-[0-9a-f-]*", "<id>").replaceAll("created \\S+", "created <t>");
                String plain = answer(inspector, ids[1], selector).replaceAll("[0-9a-f]{8}-[0-9a-f-]*", "<id>").replaceAll("created \\S+", "created <t>");
                assertEquals(plain, indexed, selector + " at limit " + limit);
                assertTrue(indexed.getBytes(StandardCharsets.UTF_8).length <= limit, selector);
            }
        }
        assertTrue(store().readIndex(ids[1]).await().atMost(Duration.ofSeconds(30)).isPresent(),
                "the blob without an index was scanned once and got one beside it");
    }

    @Test
    void linesReadTheSameWithAndWithoutAnIndex() throws Exception {
        Random random = new Random(42);
        String text = IntStream.rangeClosed(1, 400)
                .mapToObj(i -> "line " + i + " " + "ü😀x".repeat(random.nextInt(i % 50 == 0 ? 200 : 8)) + (i % 3 == 0 ? "\r\n" : "\n"))
                .collect(Collectors.joining()) + "last line, unterminated";
        List<String> selectors = new ArrayList<>(List.of("lines:1-1", "lines:1-3", "lines:7-7", "lines:8-8", "lines:14-15",
                "lines:50-50", "lines:99-103", "lines:390-401", "lines:401", "lines:400-", "lines:1-401", "lines:402-402", "lines:1000"));
        for (int i = 0; i < 20; i++) {
            int from = 1 + random.nextInt(401);
            selectors.add("lines:" + from + "-" + (from + random.nextInt(60)));
        }
        assertSameAnswers(text, false, selectors);
    }

    @Test
    void slicesReadTheSameWithAndWithoutAnIndex() throws Exception {
        Random random = new Random(7);
        String json = IntStream.range(0, 300)
                .mapToObj(i -> switch (i % 5) {
                    case 0 -> "{\"id\": " + i + ", \"name\": \"" + "ñ".repeat(random.nextInt(i == 150 ? 2000 : 20)) + "\"}";
                    case 1 -> String.valueOf(i * -1.5);
                    case 2 -> "[1, [2, 3], {\"a\": null}]";
                    case 3 -> "true";
                    default -> "\"s" + i + "\"";
                })
                .collect(Collectors.joining(",\n  ", "[\n  ", "\n]"));
        List<String> selectors = new ArrayList<>(List.of("slice:0..1", "slice:0..3", "slice:6..8", "slice:7..8", "slice:149..152",
                "slice:150..151", "slice:295..300", "slice:299..", "slice:0..300", "slice:300..301", "slice:10..1000"));
        for (int i = 0; i < 20; i++) {
            int from = random.nextInt(300);
            selectors.add("slice:" + from + ".." + (from + 1 + random.nextInt(40)));
        }
        assertSameAnswers(json, true, selectors);
    }

    @Test
    void keysReadTheSameWithAndWithoutAnIndex() throws Exception {
        String json = "{\"small\": 1, \"text\": \"" + "日本".repeat(3000) + "\", \"list\": [" + IntStream.range(0, 500)
                .mapToObj(String::valueOf).collect(Collectors.joining(", ")) + "], \"nested\": {\"a\": {\"b\": [true, false]}}, \"last\": null}";
        assertSameAnswers(json, true, List.of("key:small", "key:text", "key:list", "key:nested", "key:last", "key:missing", ""));
    }
}
