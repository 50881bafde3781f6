package dev.toolspill.output;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static dev.toolspill.output.SummaryFixtures.ID;
import static dev.toolspill.output.SummaryFixtures.MAX;
import static dev.toolspill.output.SummaryFixtures.TAG;
import static dev.toolspill.output.SummaryFixtures.assertValidSummary;
import static dev.toolspill.output.SummaryFixtures.bytes;
import static dev.toolspill.output.SummaryFixtures.structured;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The summary of a JSON array: its size, the schema of its first element and the first two elements, compact, each
 * clipped on a character boundary when long, and the count of what is left out.
 */
class JsonArraySummaryTest {

    private final Summarizer summarizer = new Summarizer(MAX, 5, 3);

    @Test
    void jsonArrayShowsTheSchemaOfTheFirstElementAndTwoCompactElements() throws IOException {
        String raw = """
                [
                  {"id": 1, "name": "Ada", "tags": ["x"], "ok": true, "boss": null, "meta": {"a": 1}, "score": 9.5},
                  {"id": 2, "name": "Bob"},
                  {"id": 3},
                  {"id": 4}
                ]
                """;
        String summary = summarizer.summarize(ID, structured(raw));
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] json_array | 4 entries
                ── schema ──
                id: number, name: string, tags: array, ok: boolean, boss: null, meta: object, score: number
                ── head ──
                {"id":1,"name":"Ada","tags":["x"],"ok":true,"boss":null,"meta":{"a":1},"score":9.5}
                {"id":2,"name":"Bob"}
                … +2 more entries""", summary);
        assertValidSummary(summary);
    }

    @Test
    void jsonArrayOfTwoOrOneEntriesSaysNothingIsLeftOut() throws IOException {
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] json_array | 2 entries
                ── schema ──
                a: number
                ── head ──
                {"a":1}
                {"a":2}""", summarizer.summarize(ID, structured("[{\"a\":1},{\"a\":2}]")));
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] json_array | 1 entries
                ── schema ──
                a: number
                ── head ──
                {"a":1}""", summarizer.summarize(ID, structured("[{\"a\":1}]")));
    }

    @Test
    void anEmptyJsonArray() throws IOException {
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] json_array | 0 entries
                ── schema ──
                (empty)
                ── head ──
                (empty)""", summarizer.summarize(ID, structured("[]")));
    }

    @Test
    void nestedArraysAreDescribedByTypeAndSize() throws IOException {
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] json_array | 2 entries
                ── schema ──
                array[2]
                ── head ──
                [1,2]
                [3]""", summarizer.summarize(ID, structured("[[1,2],[3]]")));
    }

    @Test
    void arraysOfNumbersAndStringsAreDescribedByTheFirstElement() throws IOException {
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] json_array | 5 entries
                ── schema ──
                number
                ── head ──
                1
                "two"
                … +3 more entries""", summarizer.summarize(ID, structured("[1, \"two\", 3.5, true, null]")));
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] json_array | 3 entries
                ── schema ──
                string(5)
                ── head ──
                "alpha"
                "日本 \\"q\\""
                … +1 more entries""", summarizer.summarize(ID, structured("[\"alpha\", \"日本 \\\"q\\\"\", \"c\"]")));
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] json_array | 3 entries
                ── schema ──
                null
                ── head ──
                null
                false
                … +1 more entries""", summarizer.summarize(ID, structured("[null, false, {}]")));
    }

    @Test
    void largeElementsAreClippedOnCharacterBoundaries() throws IOException {
        // fixed part 126 bytes with "… +1 more entries"; 3 lines leave 271: schema 12, elements 129 at most each.
        // An element is {"text":"a (10 bytes) then 3-byte characters: 38 of them (114 bytes) and the mark.
        String value = "a" + "日".repeat(300);
        String raw = "[{\"text\":\"" + value + "\"},{\"text\":\"" + value + "\"},{\"text\":\"b\"}]";
        String summary = summarizer.summarize(ID, structured(raw));
        String clipped = "{\"text\":\"a" + "日".repeat(38) + "…";
        assertEquals(TAG + " json_array | 3 entries\n"
                + "── schema ──\n"
                + "text: string\n"
                + "── head ──\n"
                + clipped + "\n"
                + clipped + "\n"
                + "… +1 more entries", summary);
        assertEquals(395, bytes(summary));
        assertValidSummary(summary);
    }

    @Test
    void aFirstElementWithVeryManyKeysClipsTheSchemaAndCountsTheRest() throws IOException {
        String first = IntStream.range(0, 100).mapToObj(i -> String.format("\"field%03d\":0", i))
                .collect(Collectors.joining(",", "{", "}"));
        String summary = summarizer.summarize(ID, structured("[" + first + ",{\"a\":1}]"));
        // 106 fixed bytes, 3 newlines: schema + first element must share 284 bytes -> 142 each at most.
        String schema = IntStream.range(0, 6).mapToObj(i -> String.format("field%03d: number", i))
                .collect(Collectors.joining(", ")) + ", … +94 more keys";
        assertEquals(TAG + " json_array | 2 entries\n"
                + "── schema ──\n"
                + schema + "\n"
                + "── head ──\n"
                + first.substring(0, 139) + "…\n"
                + "{\"a\":1}", summary);
        assertEquals(383, bytes(summary));
    }

    @Test
    void aSchemaThatFitsIsNotClipped() throws IOException {
        String first = IntStream.range(0, 10).mapToObj(i -> "\"k" + i + "\":\"v\"").collect(Collectors.joining(",", "{", "}"));
        String summary = summarizer.summarize(ID, structured("[" + first + "]"));
        assertTrue(summary.contains("\n── schema ──\n"
                + IntStream.range(0, 10).mapToObj(i -> "k" + i + ": string").collect(Collectors.joining(", ")) + "\n── head ──\n"), summary);
        assertFalse(summary.contains("more keys"));
    }

    @Test
    void aFirstElementWithThousandsOfKeysStaysWithinTheCap() throws IOException {
        ObjectNode first = JsonNodeFactory.instance.objectNode();
        for (int i = 0; i < 5000; i++) {
            first.put("キー" + i, i);
        }
        ArrayNode array = JsonNodeFactory.instance.arrayNode().add(first).add(first).add(1);
        String summary = summarizer.summarize(ID, new Content.Structured(array));
        assertValidSummary(summary);
        String schema = summary.lines().toList().get(2);
        Matcher more = Pattern.compile("… \\+(\\d+) more keys$").matcher(schema);
        assertTrue(more.find(), schema);
        long shown = schema.chars().filter(c -> c == ':').count();
        assertEquals(5000, shown + Long.parseLong(more.group(1)), schema);
        assertTrue(summary.endsWith("\n… +1 more entries"), summary);
    }
}
