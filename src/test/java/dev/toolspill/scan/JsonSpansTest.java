package dev.toolspill.scan;

import dev.toolspill.ParallelSafe;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.ByteRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static dev.toolspill.scan.JsonLayout.SETTINGS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The byte spans a scan finds in JSON (every element's start, every value's span, with {@code every = 1}) are exact:
 * the bytes at them are the elements and values Jackson sees, and nothing around them.
 */
@ParallelSafe
class JsonSpansTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static final String COMPACT_ARRAY =
            "[1,\"two\",true,false,null,{\"a\":[1,2]},[3,[4]],-1.5e3,0,\"\",[],{},-7,2E+10,345]";

    private static final String PRETTY_ARRAY = """
            [
              1,
              "two" ,
              true,
              false,
              null,
              {
                "a": [ 1, 2 ]
              },
              [ 3, [ 4 ] ],
              -1.5e3,
              0.25
            ]
            """;

    private static final String ESCAPES_ARRAY =
            "[\"a\\\"b\",\"\\\\\",\"\\u00e9\\n\\t\",\"日本語\",\"😀 emoji\",\"é\",{\"キー\":\"値\"},\"\\ud83d\\ude00\",\"end\"]";

    private static final String OBJECT = """
            {"id": 42, "name" : "Ada \\"the\\" first", "tags":["x","y"],
              "nested": {"deep": {"deeper": [1, {"k": null}]}},
              "日本": "語", "emoji": "😀😀", "ok": true, "no": false, "none": null,
              "neg": -0.5E-2, "big": 12345678901234567890, "last": 7}
            """;

    @Test
    void compactArrayElementsAreExactByteSpans() {
        JsonLayout layout = JsonLayout.scan(bytes(COMPACT_ARRAY));
        assertTrue(layout.array());
        assertTrue(layout.values().isEmpty());
        assertEquals(List.of("1", "\"two\"", "true", "false", "null", "{\"a\":[1,2]}", "[3,[4]]", "-1.5e3", "0", "\"\"",
                        "[]", "{}", "-7", "2E+10", "345"),
                slices(COMPACT_ARRAY, layout.elements()));
        assertEquals(15, layout.count());
        assertEquals(new ByteRange(1, 1), layout.elements().get(0));
        assertEquals(new ByteRange(3, 5), layout.elements().get(1));
    }

    @Test
    void aNumberRightBeforeTheClosingBracketEndsAtTheBracket() {
        String json = "[1,2,345]";
        JsonLayout layout = JsonLayout.scan(bytes(json));
        assertEquals(List.of(new ByteRange(1, 1), new ByteRange(3, 1), new ByteRange(5, 3)), layout.elements());
        assertEquals(List.of("-0.5e-7"), slices("[-0.5e-7]", JsonLayout.scan(bytes("[-0.5e-7]")).elements()));
        assertEquals(List.of("12"), slices("[12]", JsonLayout.scan(bytes("[12]")).elements()));
        assertEquals(List.of("42"), valueSlices("{\"n\":42}"));
    }

    @Test
    void prettyPrintedElementsExcludeTheWhitespaceAroundThem() {
        JsonLayout layout = JsonLayout.scan(bytes(PRETTY_ARRAY));
        assertEquals(List.of("1", "\"two\"", "true", "false", "null", """
                        {
                            "a": [ 1, 2 ]
                          }""", "[ 3, [ 4 ] ]", "-1.5e3", "0.25"),
                slices(PRETTY_ARRAY, layout.elements()));
    }

    @Test
    void stringsWithEscapesAndMultiByteCharactersAreExactByteSpans() {
        JsonLayout layout = JsonLayout.scan(bytes(ESCAPES_ARRAY));
        assertEquals(List.of("\"a\\\"b\"", "\"\\\\\"", "\"\\u00e9\\n\\t\"", "\"日本語\"", "\"😀 emoji\"", "\"é\"",
                        "{\"キー\":\"値\"}", "\"\\ud83d\\ude00\"", "\"end\""),
                slices(ESCAPES_ARRAY, layout.elements()));
        // offsets count bytes: "日本語" starts after [ "a\"b" , "\\" , "\u00e9\n\t" , = 1+6+1+4+1+12+1
        assertEquals(new ByteRange(26, 11), layout.elements().get(3));
    }

    @Test
    void objectValuesAreExactByteSpansInKeyOrder() {
        JsonLayout layout = JsonLayout.scan(bytes(OBJECT));
        assertFalse(layout.array());
        assertTrue(layout.elements().isEmpty());
        assertEquals(List.of("id", "name", "tags", "nested", "日本", "emoji", "ok", "no", "none", "neg", "big", "last"),
                List.copyOf(layout.values().keySet()));
        assertEquals(List.of("42", "\"Ada \\\"the\\\" first\"", "[\"x\",\"y\"]", "{\"deep\": {\"deeper\": [1, {\"k\": null}]}}",
                        "\"語\"", "\"😀😀\"", "true", "false", "null", "-0.5E-2", "12345678901234567890", "7"),
                valueSlices(OBJECT));
        assertEquals(12, layout.count());
    }

    @Test
    void nestedContainersAreOneSpanEach() {
        assertEquals(List.of("[1,2]", "[3]"), slices("[[1,2],[3]]", JsonLayout.scan(bytes("[[1,2],[3]]")).elements()));
        String deep = "[[[[[[1]]]]],{\"a\":{\"b\":{\"c\":[{}]}}}]";
        assertEquals(List.of("[[[[[1]]]]]", "{\"a\":{\"b\":{\"c\":[{}]}}}"), slices(deep, JsonLayout.scan(bytes(deep)).elements()));
    }

    @Test
    void emptyContainersHaveNoSpans() {
        assertEquals(0, JsonLayout.scan(bytes("[]")).count());
        assertEquals(0, JsonLayout.scan(bytes("  { }  ")).count());
        assertTrue(JsonLayout.scan(bytes("[ ]")).array());
        assertFalse(JsonLayout.scan(bytes("{}")).array());
    }

    @ParameterizedTest
    @ValueSource(strings = {"42", "\"text\"", "true", "null"})
    void scanRefusesAScalarDocument(String json) {
        assertThrows(IllegalArgumentException.class, () -> JsonLayout.scan(bytes(json)));
    }

    @Test
    void everyArraySpanParsesToTheElementJacksonSees() throws IOException {
        for (String json : List.of(COMPACT_ARRAY, PRETTY_ARRAY, ESCAPES_ARRAY, "[[1,2],[3]]", bigArray(), prettyBigArray())) {
            byte[] bytes = bytes(json);
            JsonNode tree = MAPPER.readTree(bytes);
            JsonLayout layout = JsonLayout.scan(bytes);
            assertEquals(tree.size(), layout.count());
            for (int i = 0; i < tree.size(); i++) {
                ByteRange span = layout.elements().get(i);
                assertEquals(tree.get(i), MAPPER.readTree(slice(bytes, span)), "element " + i + " of " + abbreviate(json));
            }
        }
    }

    @Test
    void everyObjectSpanParsesToTheValueJacksonSees() throws IOException {
        for (String json : List.of(OBJECT, bigObject(), MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(MAPPER.readTree(bigObject())))) {
            byte[] bytes = bytes(json);
            JsonNode tree = MAPPER.readTree(bytes);
            JsonLayout layout = JsonLayout.scan(bytes);
            assertEquals(tree.size(), layout.count());
            Iterator<Map.Entry<String, JsonNode>> fields = tree.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                ByteRange span = layout.values().get(field.getKey());
                assertEquals(field.getValue(), MAPPER.readTree(slice(bytes, span)), "value of " + field.getKey());
            }
        }
    }

    @Test
    void spansAreExactNotJustParseable() throws IOException {
        // A span with a stray trailing byte (",", "]", space) would still parse; compare against
        // what Jackson writes back for the canonical compact documents.
        String json = MAPPER.readTree(bigArray()).toString();
        byte[] bytes = bytes(json);
        JsonNode tree = MAPPER.readTree(bytes);
        JsonLayout layout = JsonLayout.scan(bytes);
        for (int i = 0; i < tree.size(); i++) {
            assertEquals(tree.get(i).toString(), slice(bytes, layout.elements().get(i)), "element " + i);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"[]", "{}", "[1]", "[[1,2],[3]]", "{\"a\":{\"b\":[1,2,3]},\"c\":[]}",
            "[1,\"two\",true,false,null,{\"a\":[1,2]},[3,[4]],-1.5e3,0,\"\",[],{},-7,2E+10,345]"})
    void countOfAStreamEqualsCountOfTheLayout(String json) {
        assertEquals(JsonLayout.scan(bytes(json)).count(), JsonLayout.count(new ByteArrayInputStream(bytes(json))));
    }

    @Test
    void countOfLargeDocumentsStreamedThroughTheParserBuffer() throws IOException {
        // the count of a scan fed in small chunks, as a stream arrives, equals Jackson's
        for (String json : List.of(bigArray(), bigObject())) {
            StreamScanner scanner = new StreamScanner(JsonLayout.SETTINGS, true, 7);
            byte[] bytes = bytes(json);
            for (int pos = 0; pos < bytes.length; pos += 333) {
                scanner.feed(bytes, pos, Math.min(333, bytes.length - pos));
            }
            assertEquals(MAPPER.readTree(json).size(), scanner.finish().count());
        }
        for (String json : List.of(bigArray(), prettyBigArray(), bigObject(), PRETTY_ARRAY, OBJECT, ESCAPES_ARRAY)) {
            long expected = MAPPER.readTree(json).size();
            assertEquals(expected, JsonLayout.scan(bytes(json)).count());
            assertEquals(expected, JsonLayout.count(new ByteArrayInputStream(bytes(json))));
        }
    }

    @Test
    void aRepeatedKeyAgreesWithJackson() throws IOException {
        String json = "{\"a\":1,\"b\":2,\"a\":3}";
        JsonNode tree = MAPPER.readTree(json);
        assertEquals(2, tree.size());
        assertEquals("3", tree.get("a").toString());
        JsonLayout layout = JsonLayout.scan(bytes(json));
        assertEquals(tree.size(), layout.count());
        assertEquals(tree.size(), JsonLayout.count(new ByteArrayInputStream(bytes(json))), "count(InputStream) == count");
        assertEquals("3", slice(bytes(json), layout.values().get("a")), "value of a");
    }

    private static String bigArray() {
        // many elements of every kind, long strings and multi-byte text, well past the parser's buffers
        return IntStream.range(0, 3000).mapToObj(i -> switch (i % 7) {
            case 0 -> Integer.toString(-i);
            case 1 -> "\"s" + i + " " + "日本😀é".repeat(i % 50) + "\\\"q\\\"\"";
            case 2 -> "{\"k\":" + i + ",\"v\":[" + i + ",true,null],\"w\":{\"x\":\"" + "x".repeat(i % 300) + "\"}}";
            case 3 -> "[" + i + ".5e-3,[],{}]";
            case 4 -> i % 2 == 0 ? "true" : "false";
            case 5 -> "null";
            default -> i + ".25";
        }).collect(Collectors.joining(",", "[", "]"));
    }

    private static String prettyBigArray() {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(MAPPER.readTree(bigArray()));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static String bigObject() {
        return IntStream.range(0, 2000).mapToObj(i -> "\"key" + i + (i % 3 == 0 ? "キー" : "") + "\" : " + switch (i % 5) {
            case 0 -> Integer.toString(i * 31);
            case 1 -> "\"" + "値😀".repeat(i % 40) + "\"";
            case 2 -> "[" + i + ",{\"n\":" + i + "}]";
            case 3 -> "{\"a\":{\"b\":\"" + "z".repeat(i % 500) + "\"}}";
            default -> "-" + i + "e2";
        }).collect(Collectors.joining(",\n", "{\n", "\n}"));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String slice(byte[] bytes, ByteRange span) {
        return new String(bytes, (int) span.offset(), (int) span.length(), StandardCharsets.UTF_8);
    }

    private static List<String> slices(String json, List<ByteRange> spans) {
        byte[] bytes = bytes(json);
        List<String> out = new ArrayList<>();
        spans.forEach(span -> out.add(slice(bytes, span)));
        return out;
    }

    private static List<String> valueSlices(String json) {
        byte[] bytes = bytes(json);
        return JsonLayout.scan(bytes).values().values().stream().map(span -> slice(bytes, span)).toList();
    }

    private static String abbreviate(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "…" : s;
    }
}
