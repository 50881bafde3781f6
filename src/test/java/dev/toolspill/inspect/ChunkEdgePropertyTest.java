package dev.toolspill.inspect;

import dev.toolspill.inspect.walk.KeyWalker;

import dev.toolspill.ParallelSafe;
import dev.toolspill.inspect.selector.Selector;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.toolspill.Depth;
import dev.toolspill.TestVertx;
import dev.toolspill.blob.BlobAccess;
import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.blob.fs.FsBlobStore;
import dev.toolspill.limit.HistoryLimit;
import dev.toolspill.limit.Limited;
import dev.toolspill.output.KeyNames;
import dev.toolspill.output.Summarizer;
import dev.toolspill.scan.BlobIndexer;
import dev.toolspill.scan.JsonLimits;
import dev.toolspill.scan.Scan;
import dev.toolspill.scan.ScanSettings;
import dev.toolspill.scan.StreamScanner;
import dev.toolspill.tenant.Caller;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Wherever a read chunk ends inside a key, every reader answers what a plain parse of the whole document says. A key
 * written as an escaped surrogate pair ({@code \ud83d\ude00}, which Jackson 2's non-blocking parser refuses when the
 * second escape starts in a later chunk), as raw multi-byte UTF-8, or with other escapes, is moved byte by byte
 * across each read-chunk edge (64 KiB windows and stream chunks of walks, 256 KiB chunks of the ingest scan and of
 * index rebuilds, in the deep run), relative to every place a reader starts from: the document's start, an indexed element, an
 * element a pointer leads into, the value after the last indexed key. At each offset every selector kind reads it:
 * {@code slice:}, {@code path:} into arrays and nested objects, {@code path: slice:}, {@code path: keys:},
 * {@code key:} (indexed and unindexed keys), {@code bytes:}, {@code grep:} and no selector. Half the blobs keep the
 * index their ingest scan built; the others are scanned on their first read. Quick in {@code ./mvnw verify}, every
 * edge up to 320 KiB with {@code -Dtests.deep=true}.
 */
@ParallelSafe
class ChunkEdgePropertyTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Summarizer SUMMARIZER = new Summarizer(400, 5, 3);
    /** Only the first key of an object gets a span in the index: the others are found by {@link KeyWalker}. */
    private static final ScanSettings FEW_KEYS = SUMMARIZER.settings().with(new JsonLimits(16 << 20, 1000, 500, 1));
    private static final int INGEST_CHUNK = 256 * 1024;
    private static final int[] EDGES = Depth.DEEP ? new int[] {64 * 1024, 128 * 1024, 256 * 1024, 320 * 1024}
            : new int[] {64 * 1024};

    /** As written in the document, and the name a plain parse reads. */
    record Key(String written, String name) {
    }

    private static final List<Key> KEYS = List.of(
            new Key("\\ud83d\\ude00", "\ud83d\ude00"),
            new Key("x\\uD83D\\uDE00\\ud83c\\udf89", "x\ud83d\ude00\ud83c\udf89"),
            new Key("日é\ud83d\ude00", "日é\ud83d\ude00"),
            new Key("a\\u00e9\\\"\\\\b\\n", "aé\"\\b\n"));

    private static Path root;
    private static BlobStore store;

    @BeforeAll
    static void open() throws IOException {
        root = Files.createTempDirectory("chunk-edges");
        store = new FsBlobStore(root, TestVertx.VERTX);
    }

    @AfterAll
    static void close() throws IOException {
        try (var files = Files.walk(root)) {
            files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
        }
    }

    @Test
    void aKeyInAnArrayElementReadsTheSameWhereverAChunkEnds() throws Exception {
        for (Key key : KEYS) {
            String k = "\"" + key.written() + "\"";
            String tail = "{" + k + ":{" + k + ":[1," + k + "]}},{\"z\":" + k + "},3]";
            for (int edge : EDGES) {
                for (int shift : shifts(key)) {
                    // [{"p":"xx…"},{K:{K:[1,K]}},{"z":K},3] with the first K at edge + shift
                    String doc = "[{\"p\":\"" + "x".repeat(pad(edge + shift, "[{\"p\":\"", "\"},{")) + "\"}," + tail;
                    int at = doc.indexOf(k);
                    assertEquals(edge + shift, utf8Offset(doc, at));
                    BlobId id = keep(doc, shift, SUMMARIZER.settings());
                    Inspector inspector = inspector(SUMMARIZER.settings());
                    JsonNode whole = MAPPER.readTree(doc);
                    String where = key.written() + " at " + edge + "+" + shift;
                    String pointer = "/1/" + token(key.name());
                    assertJson(whole.get(1), read(inspector, id, "path:/1"), where);
                    assertJson(whole.at(pointer), read(inspector, id, "path:" + PropertyRuns.quoted(pointer)), where);
                    assertJson(whole.at(pointer + "/" + token(key.name()) + "/1"),
                            read(inspector, id, "path:" + PropertyRuns.quoted(pointer + "/" + token(key.name()) + "/1")), where);
                    assertJson(whole.get(3), read(inspector, id, "path:/3"), where);
                    assertJson(elements(whole, 1, 4), read(inspector, id, "slice:1..4"), where);
                    assertJson(elements(whole, 1, 4), read(inspector, id, "slice:1.."), where);
                    assertJson(elements(whole, 2, 3), read(inspector, id, "path: slice:2..3"), where);
                    assertJson(whole.get(1), read(inspector, id, "path:/1 keys:0..1"), where);
                    String head = read(inspector, id, null);
                    assertTrue(head.contains("\n" + KeyNames.display(key.name()) + ": 1 (object)"), where + ": " + head);
                    assertTrue(head.contains("entries that are not objects: 1 (number)"), where + ": " + head);
                    String grep = read(inspector, id, "grep:\"z\"");
                    assertTrue(grep.startsWith("2: {\"z\":" + k + "}\n"), where + ": " + grep);
                    assertBytes(inspector, id, doc, edge, where);
                }
            }
        }
    }

    @Test
    void aKeyDeepInsideAnElementReadsTheSameWhereverAChunkEnds() throws Exception {
        for (Key key : KEYS) {
            String k = "\"" + key.written() + "\"";
            for (int edge : EDGES) {
                for (int shift : shifts(key)) {
                    // [0,{"q":"yy…",K:{K:1},"z":2}]: pointers into element 1 are followed from its start, byte 3
                    String doc = "[0,{\"q\":\"" + "y".repeat(pad(3 + edge + shift, "[0,{\"q\":\"", "\",")) + "\"," + k + ":{" + k
                            + ":1},\"z\":2}]";
                    assertEquals(3 + edge + shift, utf8Offset(doc, doc.indexOf(k)));
                    BlobId id = keep(doc, shift, SUMMARIZER.settings());
                    Inspector inspector = inspector(SUMMARIZER.settings());
                    JsonNode whole = MAPPER.readTree(doc);
                    String where = key.written() + " at element start + " + edge + "+" + shift;
                    String pointer = "/1/" + token(key.name());
                    assertJson(whole.at(pointer), read(inspector, id, "path:" + PropertyRuns.quoted(pointer)), where);
                    assertJson(whole.at(pointer + "/" + token(key.name())),
                            read(inspector, id, "path:" + PropertyRuns.quoted(pointer + "/" + token(key.name()))), where);
                    assertJson(whole.at("/1/z"), read(inspector, id, "path:/1/z"), where);
                    assertJson(members(whole.get(1), 1, 3), read(inspector, id, "path:/1 keys:1..3"), where);
                }
            }
        }
    }

    @Test
    void aKeyInAnObjectReadsTheSameWhereverAChunkEnds() throws Exception {
        for (Key key : KEYS) {
            String k = "\"" + key.written() + "\"";
            for (int edge : EDGES) {
                for (int shift : shifts(key)) {
                    for (ScanSettings settings : List.of(SUMMARIZER.settings(), FEW_KEYS)) {
                        // {"a":1,"p":"xx…",K:{K:[1,K]},"z":2}: K at edge + shift from the start, and from just after
                        // the value 1 (where a walk for a key without a span starts) as the shifts run on
                        String doc = "{\"a\":1,\"p\":\"" + "x".repeat(pad(edge + shift, "{\"a\":1,\"p\":\"", "\",")) + "\"," + k + ":{"
                                + k + ":[1," + k + "]},\"z\":2}";
                        assertEquals(edge + shift, utf8Offset(doc, doc.indexOf(k)));
                        BlobId id = keep(doc, shift, settings);
                        Inspector inspector = inspector(settings);
                        JsonNode whole = MAPPER.readTree(doc);
                        String where = key.written() + " at " + edge + "+" + shift + (settings == FEW_KEYS ? ", one key indexed" : "");
                        String pointer = "/" + token(key.name());
                        assertJson(whole.get(key.name()), read(inspector, id, "key:" + PropertyRuns.quoted(key.name())), where);
                        assertJson(whole.get("z"), read(inspector, id, "key:z"), where);
                        assertJson(whole.at(pointer), read(inspector, id, "path:" + PropertyRuns.quoted(pointer)), where);
                        assertJson(whole.at(pointer + pointer + "/1"), read(inspector, id, "path:" + PropertyRuns.quoted(pointer + pointer + "/1")), where);
                        assertJson(members(whole, 2, 4), read(inspector, id, "path: keys:2..4"), where);
                        assertTrue(read(inspector, id, null).contains("── largest values ──"), where);
                    }
                }
            }
        }
    }

    /** Every offset of the key's first byte from a few bytes before an edge to just past it, from either reader start. */
    private static int[] shifts(Key key) {
        int length = key.written().getBytes(StandardCharsets.UTF_8).length + 2;
        return java.util.stream.IntStream.rangeClosed(-length - 8, 2).toArray();
    }

    /** The pad that puts the byte after {@code before + pad + after} at {@code offset}. */
    private static int pad(int offset, String before, String after) {
        return offset - before.length() - after.length();
    }

    private static int utf8Offset(String text, int index) {
        return text.substring(0, index).getBytes(StandardCharsets.UTF_8).length;
    }

    private static String token(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }

    private static JsonNode elements(JsonNode array, int from, int to) {
        ArrayNode page = JsonNodeFactory.instance.arrayNode();
        for (int i = from; i < Math.min(to, array.size()); i++) {
            page.add(array.get(i));
        }
        return page;
    }

    private static JsonNode members(JsonNode object, int from, int to) {
        ObjectNode page = JsonNodeFactory.instance.objectNode();
        List<Map.Entry<String, JsonNode>> all = object.properties().stream().toList();
        all.subList(from, Math.min(to, all.size())).forEach(e -> page.set(e.getKey(), e.getValue()));
        return page;
    }

    private static void assertJson(JsonNode expected, String answer, String where) throws IOException {
        assertEquals(expected, MAPPER.readTree(answer), where + ": " + answer);
    }

    /** Bytes on both sides of the edge, compared with the document's own bytes (as dd would cut them). */
    private static void assertBytes(Inspector inspector, BlobId id, String doc, int edge, String where) {
        byte[] bytes = doc.getBytes(StandardCharsets.UTF_8);
        int from = edge - 40;
        int to = Math.min(bytes.length, edge + 40);
        while ((bytes[from] & 0xC0) == 0x80) {
            from++;
        }
        while (to < bytes.length && (bytes[to] & 0xC0) == 0x80) {
            to++;
        }
        String answer = read(inspector, id, "bytes:" + from + ".." + to);
        assertEquals(new String(bytes, from, to - from, StandardCharsets.UTF_8), answer, where);
    }

    private static String read(Inspector inspector, BlobId id, String selector) {
        Limited answer = inspector.inspect(Caller.ANYONE, id, Selector.parse(selector)).await().atMost(Duration.ofSeconds(30));
        assertEquals(0, answer.droppedBytes(), selector + " fits the limit: " + answer.text());
        return answer.text();
    }

    /** Stored as an upload is: scanned in the ingest's chunks; an even shift keeps the index, an odd one rescans. */
    private static BlobId keep(String doc, int shift, ScanSettings settings) throws IOException {
        byte[] bytes = doc.getBytes(StandardCharsets.UTF_8);
        BlobId id = BlobId.random();
        StreamScanner scanner = new StreamScanner(settings, true, 512);
        BlobUpload upload = store.upload(id, BlobFormat.JSON);
        for (int pos = 0; pos < bytes.length; pos += INGEST_CHUNK) {
            int n = Math.min(INGEST_CHUNK, bytes.length - pos);
            scanner.feed(bytes, pos, n);
            upload.write(io.vertx.mutiny.core.buffer.Buffer.buffer(java.util.Arrays.copyOfRange(bytes, pos, pos + n))).await().indefinitely();
        }
        Scan scan = scanner.finish();
        upload.commit(scan.kind().format()).await().indefinitely();
        if (shift % 2 == 0) {
            indexer(settings).keep(id, scan.index()).await().atMost(Duration.ofSeconds(30));
        }
        return id;
    }

    private static BlobIndexer indexer(ScanSettings settings) {
        return new BlobIndexer(store, settings, MAPPER, 32 << 20);
    }

    private static Inspector inspector(ScanSettings settings) {
        return new Inspector(store, BlobAccess.over(store), indexer(settings), SUMMARIZER, new HistoryLimit(16384, Map.of()));
    }
}
