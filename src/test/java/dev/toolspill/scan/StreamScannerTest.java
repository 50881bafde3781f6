package dev.toolspill.scan;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.output.Content;
import dev.toolspill.output.Promoter;
import dev.toolspill.output.Summarizer;
import dev.toolspill.text.TextLines;
import dev.toolspill.text.Utf8;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One streaming pass, in chunks of any size, agrees with the in-memory summary and layout. */
class StreamScannerTest {

    static final ObjectMapper MAPPER = new ObjectMapper();
    static final BlobId ID = new BlobId(UUID.fromString("01a228dc-415a-768d-a8d5-16a5235981af"));
    static final Summarizer SUMMARIZER = new Summarizer(400, 5, 3);
    static final Promoter PROMOTER = new Promoter(800, MAPPER);

    static Scan scan(String text, boolean json, int every, Random random) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        StreamScanner scanner = new StreamScanner(SUMMARIZER.settings(), json, every);
        int pos = 0;
        while (pos < bytes.length) {
            int n = Math.min(bytes.length - pos, 1 + random.nextInt(random.nextBoolean() ? 7 : 5000));
            scanner.feed(bytes, pos, n);
            pos += n;
        }
        return scanner.finish();
    }

    static void assertAgrees(String text, boolean json, Random random) {
        int every = 1 + random.nextInt(5);
        Scan scan = scan(text, json, every, random);
        Content content = PROMOTER.contentOf(text);
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        assertEquals(content instanceof Content.Structured s ? (s.json().isArray() ? BlobKind.JSON_ARRAY : BlobKind.JSON_OBJECT) : BlobKind.TEXT, scan.kind(), text);
        assertEquals(bytes.length, scan.bytes());
        assertEquals(SUMMARIZER.summarize(ID, content), SUMMARIZER.summarize(ID, scan.shape()), text);
        ReadIndex index = scan.index();
        if (scan.kind() == BlobKind.TEXT) {
            long[] starts = TextLines.lineStarts(bytes);
            assertEquals(starts.length - 1, index.count());
            for (int i = 0; i < index.offsets().length; i++) {
                assertEquals(starts[i * every], index.offsets()[i], "line " + (i * every + 1));
            }
        } else {
            JsonLayout layout = JsonLayout.scan(bytes);
            assertEquals(layout.count(), index.count());
            if (layout.array()) {
                for (int i = 0; i < index.offsets().length; i++) {
                    assertEquals(layout.elements().get(i * every).offset(), index.offsets()[i], "element " + i * every);
                }
            } else {
                for (var entry : layout.values().entrySet()) {
                    ByteRange span = index.values().get(entry.getKey());
                    assertEquals(entry.getValue(), span, "value of " + entry.getKey() + " in " + text);
                }
            }
        }
    }

    @Test
    void textAgreesWithTheInMemorySummary() {
        Random random = new Random(7);
        String[] alphabet = {"a", "b", " ", "é", "日", "😀", "\t"};
        for (int round = 0; round < 300; round++) {
            int lines = random.nextInt(30);
            String text = IntStream.range(0, lines).mapToObj(i -> IntStream.range(0, random.nextInt(random.nextInt(10) == 0 ? 900 : 30))
                            .mapToObj(j -> alphabet[random.nextInt(alphabet.length)]).collect(Collectors.joining()))
                    .collect(Collectors.joining(random.nextBoolean() ? "\n" : "\r\n"));
            if (random.nextBoolean()) {
                text += "\n";
            }
            assertAgrees(text, false, random);
        }
    }

    @Test
    void jsonAgreesWithTheInMemorySummaryAndLayout() {
        Random random = new Random(11);
        List<String> docs = List.of(
                "[]", "{}", "[1]", "[1, 2.5e3, -7, true, false, null]", " \n [ \"a\\\"b\" , {\"x\": [1, {\"y\": 2}]}, [[1,2],[3]] ] \n",
                "{\"a\": 1, \"b\": \"日本語😀\", \"c\": [1, 2, 3], \"d\": {\"e\": null, \"f\": [ ]}, \"g\": -0.5}",
                "{\"a\":1,\"b\":2,\"a\":3}", "[{\"id\":1,\"tags\":[\"x\"],\"ok\":true,\"n\":null,\"o\":{}}, {\"id\":2}]",
                IntStream.range(0, 300).mapToObj(i -> "{\"id\": " + i + ", \"name\": \"item " + i + "\"}").collect(Collectors.joining(",\n", "[\n", "\n]")),
                "{" + IntStream.range(0, 200).mapToObj(i -> "\"k" + i + "\": " + (i % 3 == 0 ? "[1,2]" : i % 3 == 1 ? "\"s\"" : "12.5"))
                        .collect(Collectors.joining(", ")) + "}",
                "[\"" + "long ".repeat(2000) + "\", 1]",
                // what Python's json.dumps writes for emoji: escaped surrogate pairs, in keys too
                "[{\"\\ud83c\\udf89 party\": 1, \"n\": -2.5e1}, {\"\\ud83c\\udf89 party\": 2}]",
                "{\"\\ud83d\\ude00\": [1, 2], \"plain\": \"\\u00e9\"}");
        for (String doc : docs) {
            for (int round = 0; round < 20; round++) {
                assertAgrees(doc, random.nextBoolean(), random);
            }
        }
    }

    @Test
    void textThatLooksLikeJsonButIsNotIsText() {
        Random random = new Random(3);
        assertAgrees("[1, 2] and then words\n", false, random);
        assertAgrees("{not json}\nsecond line", false, random);
        assertAgrees("[1, 2", false, random);
    }

    @Test
    void invalidJsonSentAsJsonIsRefused() {
        Random random = new Random(5);
        for (String bad : List.of("{\"a\": 1,", "[1, 2", "[1] [2]", "nope", "", "{\"a\" 1}")) {
            var e = assertThrows(InvalidOutputException.class, () -> scan(bad, true, 2, random), bad);
            assertTrue(e.getMessage().contains("JSON"), e.getMessage());
        }
    }

    @Test
    void aJsonScalarSentAsJsonIsStoredAsText() {
        assertEquals(BlobKind.TEXT, scan("\"just a string\"", true, 2, new Random(1)).kind());
    }

    @Test
    void invalidUtf8IsRefusedEvenAcrossChunks() {
        byte[] bad = {'o', 'k', (byte) 0xC3, (byte) 0x28};
        StreamScanner scanner = new StreamScanner(SUMMARIZER.settings(), false, 2);
        assertThrows(InvalidOutputException.class, () -> scanner.feed(bad, 0, bad.length));
        byte[] split = "é".getBytes(StandardCharsets.UTF_8);
        StreamScanner ok = new StreamScanner(SUMMARIZER.settings(), false, 2);
        ok.feed(split, 0, 1);
        ok.feed(split, 1, 1);
        assertEquals(1, ok.finish().index().count());
        StreamScanner cut = new StreamScanner(SUMMARIZER.settings(), false, 2);
        cut.feed(split, 0, 1);
        assertThrows(InvalidOutputException.class, cut::finish);
    }

    @Test
    void utf8IsCheckedStrictlyLikeTheJdkDecoder() throws Exception {
        byte[][] samples = {
                {(byte) 0xE0, (byte) 0x80, (byte) 0x80}, // overlong
                {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, // a surrogate
                {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // past U+10FFFF
                {(byte) 0xC0, (byte) 0xAF}, // overlong
                {(byte) 0xF0, (byte) 0x9F, (byte) 0x98, (byte) 0x80}, // an emoji: fine
                {(byte) 0xE2, (byte) 0x80, (byte) 0xA6}, // an ellipsis: fine
        };
        for (byte[] sample : samples) {
            boolean jdk = true;
            try {
                Utf8.decode(sample);
            } catch (java.nio.charset.CharacterCodingException e) {
                jdk = false;
            }
            Utf8Validator check = new Utf8Validator();
            boolean ours = check.accept(sample, 0, sample.length) && check.complete();
            assertEquals(jdk, ours, java.util.Arrays.toString(sample));
        }
    }

    @Test
    void theIndexRoundTripsThroughJson() throws Exception {
        ReadIndex index = scan("{\"a\": [1, 2], \"b\": \"x\"}", true, 2, new Random(2)).index();
        ReadIndexCodec codec = new ReadIndexCodec(MAPPER);
        ReadIndex back = codec.decode(codec.encode(index));
        assertEquals(index.kind(), back.kind());
        assertEquals(index.values(), back.values());
        assertEquals(index.shape(), back.shape());
        ReadIndex lines = scan("a\nb\nc\nd\ne\n", false, 2, new Random(2)).index();
        assertArrayEquals(lines.offsets(), codec.decode(codec.encode(lines)).offsets());
        assertEquals(lines.shape(), codec.decode(codec.encode(lines)).shape());
        assertArrayEquals(new long[] {0, 4, 8}, lines.offsets());
    }

    @Test
    void theIndexOfAnEmptyArrayRoundTrips() throws Exception {
        ReadIndexCodec codec = new ReadIndexCodec(MAPPER);
        for (String empty : new String[] {"[]", "[ \n ]"}) {
            ReadIndex index = scan(empty, true, 2, new Random(3)).index();
            assertEquals(0, index.count());
            ReadIndex back = codec.decode(codec.encode(index));
            assertEquals(BlobKind.JSON_ARRAY, back.kind());
            assertEquals(index.bytes(), back.bytes());
            assertArrayEquals(index.offsets(), back.offsets(), "nothing to index is not a damaged index");
        }
    }
}
