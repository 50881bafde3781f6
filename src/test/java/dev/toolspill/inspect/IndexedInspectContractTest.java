package dev.toolspill.inspect;

import dev.toolspill.inspect.selector.Selector;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.BlobAccess;
import dev.toolspill.blob.BlobId;
import dev.toolspill.tenant.Caller;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.limit.HistoryLimit;
import dev.toolspill.limit.Limited;
import dev.toolspill.output.Summarizer;
import dev.toolspill.scan.BlobIndexer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A blob with a read index and the same content without one (scanned on first read) answer every
 * selector with the same bytes, including cuts by a small limit; run against each store. Over 300 lines because it
 * is one contract: each store's test extends it once, so that every store runs all of it (split, each part would need
 * a subclass per store, and a store could miss one).
 */
public abstract class IndexedInspectContractTest {

    protected static final ObjectMapper MAPPER = new ObjectMapper();
    static final Summarizer SUMMARIZER = new Summarizer(400, 5, 3);

    protected abstract BlobStore store();

    /** Stores {@code text} twice: streamed with a read index (every 7 units), and whole without one. */
    private BlobId[] twins(String text, boolean json) throws Exception {
        BlobId[] ids = StoredTwins.store(store(), text, json);
        assertTrue(store().readIndex(ids[0]).await().atMost(Duration.ofSeconds(30)).isPresent());
        assertTrue(store().readIndex(ids[1]).await().atMost(Duration.ofSeconds(30)).isEmpty());
        return ids;
    }

    /** A fresh indexer, with a cache of its own. */
    private BlobIndexer indexer() {
        return StoredTwins.indexer(store());
    }

    private static String answer(Inspector inspector, BlobId id, String selector) {
        return StoredTwins.answer(inspector, id, selector);
    }

    private void assertSameAnswers(String text, boolean json, List<String> selectors) throws Exception {
        BlobId[] ids = twins(text, json);
        for (int limit : new int[] {16384, 300, 128}) {
            Inspector inspector = new Inspector(store(), BlobAccess.over(store()), indexer(), SUMMARIZER, new HistoryLimit(limit, Map.of()));
            for (String selector : selectors) {
                // The two blobs differ only by id (cut short when a marker names it near the limit).
                String indexed = answer(inspector, ids[0], selector).replaceAll("[0-9a-f]{8}-[0-9a-f-]*", "<id>").replaceAll("created \\S+", "created <t>");
                String plain = answer(inspector, ids[1], selector).replaceAll("[0-9a-f]{8}-[0-9a-f-]*", "<id>").replaceAll("created \\S+", "created <t>");
                assertEquals(plain, indexed, selector + " at limit " + limit);
                // Error messages are not answers: the pipeline limits them like any error item.
                assertTrue(indexed.startsWith("error: ") || indexed.getBytes(StandardCharsets.UTF_8).length <= limit, selector);
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

    private Inspector inspector(int limit) {
        return new Inspector(store(), BlobAccess.over(store()), indexer(), SUMMARIZER, new HistoryLimit(limit, Map.of()));
    }

    /** The characters of {@code text} whose UTF-8 form starts in bytes {@code from..to}: what bytes:from..to reads. */
    private static String bytesOf(String text, int from, int to) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return new String(bytes, onward(bytes, from), onward(bytes, to) - onward(bytes, from), StandardCharsets.UTF_8);
    }

    private static int onward(byte[] bytes, int at) {
        while (at < bytes.length && (bytes[at] & 0xC0) == 0x80) {
            at++;
        }
        return at;
    }

    @Test
    void bytesReadTheSameWithAndWithoutAnIndex() throws Exception {
        String text = TestDocuments.text(3);
        int size = text.getBytes(StandardCharsets.UTF_8).length;
        List<String> selectors = new ArrayList<>(List.of("bytes:0..1", "bytes:0..100", "bytes:0..", "bytes:" + (size - 1) + "..",
                "bytes:" + size + "..", "bytes:10..20 then lines:3-4", "bytes:0.." + (size + 100)));
        Random random = new Random(11);
        for (int i = 0; i < 25; i++) {
            int from = random.nextInt(size);
            selectors.add("bytes:" + from + ".." + (from + 1 + random.nextInt(i % 2 == 0 ? 20 : 3000)));
        }
        assertSameAnswers(text, false, selectors);
        assertSameAnswers(TestDocuments.object(1).json(), true, List.of("bytes:0..50", "bytes:100..2000", "bytes:7..8"));
    }

    @Test
    void bytesMoveEachEndOnToTheNextCharacter() throws Exception {
        assertEquals("😀", bytesOf("é€😀", 4, 6), "the reference: a character counts when its first byte is in the range");
        String text = "a" + "é€😀".repeat(400); // é at 1..3, € at 3..6, 😀 at 6..10, then again from 10
        BlobId id = twins(text, false)[0];
        Inspector inspector = inspector(16384);
        assertEquals("é€😀", answer(inspector, id, "bytes:1..10"), "whole characters: nothing to say");
        assertEquals("€😀\n[bytes 3..10 of 3601: an end inside a character moved to the next character]", answer(inspector, id, "bytes:2..7"));
        assertEquals("\n[bytes 10..10 of 3601: an end inside a character moved to the next character]", answer(inspector, id, "bytes:7..9"),
                "no character starts inside 7..9");
        assertEquals("😀\n[bytes 3597..3601 of 3601]", answer(inspector, id, "bytes:3597..5000"), "the end is the blob's");
        assertTrue(answer(inspector, id, "bytes:3601..3602").startsWith("error: blob <id> has 3601 bytes, so 'bytes:3601..3602' starts past its end"));
        Limited continued = inspector.inspect(Caller.ANYONE, id, Selector.parse("bytes:0..3 then lines:1-1")).await().atMost(Duration.ofSeconds(30));
        assertEquals("aé\n[next part: lines:1-1]", continued.text());
        assertEquals("lines:1-1", continued.next());
        assertEquals(0, continued.droppedBytes(), "a part that shows all its bytes is not cut");
    }

    @Test
    void pathsReadTheSameWithAndWithoutAnIndex() throws Exception {
        assertSameAnswers(TestDocuments.object(5).json(), true, List.of("path:/meta/count", "path:/meta", "path:/results/35",
                "path:/results/119", "path:/results/120", "path:/results/x", "path:/results/01", "path:/results/-", "path:/results/0/name",
                "path:/results/0/nope", "path:/big", "path:/big/0", "path:/nested/level/k3", "path:/nested/level/huge/699",
                "path:/nested/level keys:0..10", "path:/nested/level keys:55..", "path:/nested/level keys:100..110",
                "path:/results slice:30..40", "path:/results slice:0..", "path:/a~1b/m~0n/1", "path:/", "path:", "path: keys:0..3",
                "path: keys:2..", "path: slice:0..1", "path:/results keys:0..1", "path:/meta slice:0..1", "path:/missing/x",
                "path:/meta/count/x"));
        List<String> elements = TestDocuments.elements(new Random(2), 60);
        assertSameAnswers(TestDocuments.array(new Random(3), elements), true, List.of("path:/35/blob", "path:/0/name", "path:/0",
                "path:/59", "path: slice:30..40", "path: slice:50..", "path:/500", "path:/abc", "path: keys:0..1", "path:/3/1/1/x",
                "path:/3 slice:1..3"));
    }

    @Test
    void pathValuesAreTheStoredBytes() throws Exception {
        TestDocuments.Doc doc = TestDocuments.object(9);
        for (BlobId id : twins(doc.json(), true)) {
            Inspector inspector = inspector(1 << 20);
            assertEquals("121", answer(inspector, id, "path:/meta/count"), "a key written twice: its last value");
            assertEquals(doc.results().get(35), answer(inspector, id, "path:/results/35"));
            assertEquals(doc.results().get(119), answer(inspector, id, "path:/results/119"));
            assertEquals("\"ñame-6\"", answer(inspector, id, "path:/results/6/name"));
            assertEquals("20", answer(inspector, id, "path:/a~1b/m~0n/1"));
            assertEquals("\"empty key\"", answer(inspector, id, "path:/"));
            assertEquals(doc.big(), answer(inspector, id, "path:/big"));
            assertEquals(doc.json(), answer(inspector, id, "path:"));
            assertEquals("\"€699\"", answer(inspector, id, "path:/nested/level/huge/699"));
            assertEquals("[" + String.join(",", doc.results().subList(30, 40)) + "]", answer(inspector, id, "path:/results slice:30..40"));
            assertEquals("{" + String.join(",", doc.members().subList(3, 6)) + "}", answer(inspector, id, "path:/nested/level keys:3..6"));
            assertEquals("error: blob <id> has nothing at path /results/0/nope: /results/0 has no key \"nope\"; it is an object of 3 keys: "
                    + "id, name, tags", answer(inspector, id, "path:/results/0/nope"));
            assertEquals("error: blob <id> has nothing at path /results/120: /results is an array of 120 entries (0..119), so 120 is past "
                    + "its end", answer(inspector, id, "path:/results/120"));
            assertEquals("error: blob <id> has nothing at path /meta/count/x: /meta/count is a number, so nothing is inside it",
                    answer(inspector, id, "path:/meta/count/x"));
            assertEquals("error: 'slice:0..1' does not apply to /meta in blob <id>: it is an object of 1 key: page it with keys:A..B",
                    answer(inspector, id, "path:/meta slice:0..1"));
        }
    }

    private void assertRebuilt(Inspector inspector, BlobId id, String selector, int limit, String expected) {
        List<NextParts.Part> parts = NextParts.follow(inspector, id, selector, limit);
        assertEquals(expected, NextParts.joined(parts), selector + " at limit " + limit + ", in " + parts.size() + " parts");
    }

    private void assertRebuiltUnits(Inspector inspector, BlobId id, String selector, int limit, List<String> expected) {
        List<NextParts.Part> parts = NextParts.follow(inspector, id, selector, limit);
        assertEquals(expected, NextParts.units(parts), selector + " at limit " + limit + ", in " + parts.size() + " parts");
    }

    @Test
    void followingNextRebuildsEverySelection() throws Exception {
        String text = TestDocuments.text(4);
        TestDocuments.Doc doc = TestDocuments.object(8);
        List<String> elements = TestDocuments.elements(new Random(4), 60);
        BlobId[] texts = twins(text, false);
        BlobId[] objects = twins(doc.json(), true);
        BlobId[] arrays = twins(TestDocuments.array(new Random(5), elements), true);
        int size = text.getBytes(StandardCharsets.UTF_8).length;
        for (int i = 0; i < 2; i++) {
            Inspector inspector = inspector(2000);
            assertRebuilt(inspector, texts[i], "lines:1-301", 2000, text);
            assertRebuilt(inspector, texts[i], "bytes:0..", 2000, text);
            assertRebuilt(inspector, texts[i], "bytes:1000.." + (size - 1000), 2000, bytesOf(text, 1000, size - 1000));
            assertRebuilt(inspector, objects[i], "path:/big", 2000, doc.big());
            assertRebuilt(inspector, objects[i], "key:big", 2000, doc.big());
            assertRebuilt(inspector, objects[i], "path:", 2000, doc.json());
            assertRebuiltUnits(inspector, objects[i], "path:/results slice:0..", 2000, doc.results());
            assertRebuiltUnits(inspector, objects[i], "path:/nested/level keys:0..", 2000, doc.members());
            assertRebuiltUnits(inspector, arrays[i], "slice:0..", 2000, elements);
            // A small limit: many parts, and most elements too long for one.
            Inspector small = inspector(300);
            assertRebuilt(small, texts[i], "lines:140-160", 300, text.lines().skip(139).limit(21)
                    .map(line -> line + (text.contains(line + "\r\n") ? "\r\n" : "\n")).collect(Collectors.joining()));
            assertRebuiltUnits(small, objects[i], "path:/results slice:33..50", 300, doc.results().subList(33, 50));
            assertRebuiltUnits(small, objects[i], "path:/nested/level keys:25..35", 300, doc.members().subList(25, 35));
            assertRebuiltUnits(small, arrays[i], "path: slice:3..40", 300, elements.subList(3, 40));
        }
    }

    /** Entries in order, each a stored substring of {@code json} after the one before it, and each the entry jq would give. */
    private static void assertStoredInOrder(String json, List<String> units, JsonNode expected) throws Exception {
        assertEquals(expected.size(), units.size());
        int from = 0;
        for (int i = 0; i < units.size(); i++) {
            String unit = units.get(i);
            JsonNode parsed = expected.isArray() ? MAPPER.readTree(unit) : MAPPER.readTree("{" + unit + "}");
            assertEquals(expected.isArray() ? expected.get(i) : expected.get(parsed.fieldNames().next()), expected.isArray() ? parsed
                    : parsed.elements().next(), "unit " + i);
            int at = json.indexOf(unit, from);
            assertTrue(at >= from, "unit " + i + " is the stored bytes, in order");
            from = at + unit.length();
        }
    }

    @Test
    void aRealDocumentReadsByteExact() throws Exception {
        String iso;
        try (var in = getClass().getResourceAsStream("/real/iso_3166-1.json")) {
            iso = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        JsonNode tree = MAPPER.readTree(iso);
        for (BlobId id : twins(iso, true)) {
            Inspector inspector = inspector(16384);
            assertEquals("\"🇦🇼\"", answer(inspector, id, "path:/3166-1/0/flag"));
            for (int i : new int[] {0, 5, 100, 248}) {
                String entry = answer(inspector, id, "path:/3166-1/" + i);
                assertEquals(tree.at("/3166-1/" + i), MAPPER.readTree(entry));
                assertTrue(iso.contains(entry), "the entry as stored, pretty-printed");
            }
            assertTrue(answer(inspector, id, "path:/3166-1/249").endsWith("/3166-1 is an array of 249 entries (0..248), so 249 is past its end"));
            assertStoredInOrder(iso, NextParts.units(NextParts.follow(inspector(700), id, "path:/3166-1 slice:0..", 700)), tree.get("3166-1"));
            assertRebuilt(inspector(300), id, "bytes:0..", 300, iso);
        }
    }

    @Test
    void botocoresEc2ModelReadsByteExact() throws Exception {
        java.nio.file.Path model = java.nio.file.Path.of("/usr/lib/python3/dist-packages/awscli/botocore/data/ec2/2016-11-15/service-2.json");
        assumeTrue(Files.isReadable(model), "botocore's EC2 model is not installed here (Debian package awscli)");
        String json = Files.readString(model);
        JsonNode tree = MAPPER.readTree(json);
        List<String> shapes = new ArrayList<>();
        tree.get("shapes").fieldNames().forEachRemaining(shapes::add);
        for (BlobId id : twins(json, true)) {
            Inspector inspector = inspector(16384);
            for (String shape : List.of(shapes.get(0), shapes.get(shapes.size() / 2), shapes.get(shapes.size() - 1))) {
                String value = answer(inspector, id, "path:/shapes/" + shape);
                assertEquals(tree.get("shapes").get(shape), MAPPER.readTree(value), shape);
                assertTrue(json.contains(value), shape + " as stored");
            }
            assertTrue(answer(inspector, id, "path:/shapes/NoSuchShape").contains("/shapes has no key \"NoSuchShape\"; it is an object of "
                    + shapes.size() + " keys: " + shapes.get(0) + ", " + shapes.get(1)));
            List<String> operations = NextParts.units(NextParts.follow(inspector, id, "path:/operations keys:100..120", 16384));
            assertEquals(20, operations.size());
            for (String operation : operations) {
                assertTrue(json.contains(operation), "a member as stored");
            }
            String all = NextParts.joined(NextParts.follow(inspector, id, "path:/shapes", 16384));
            assertEquals(tree.get("shapes"), MAPPER.readTree(all), "2.5 MB, one value, read through bytes: parts");
            assertTrue(json.contains("\"shapes\":" + all) || json.contains("\"shapes\": " + all), "as stored");
        }
    }
}
