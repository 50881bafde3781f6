package dev.toolspill.output;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static dev.toolspill.output.SummaryFixtures.ID;
import static dev.toolspill.output.SummaryFixtures.MAX;
import static dev.toolspill.output.SummaryFixtures.TAG;
import static dev.toolspill.output.SummaryFixtures.assertValidSummary;
import static dev.toolspill.output.SummaryFixtures.bytes;
import static dev.toolspill.output.SummaryFixtures.moreCount;
import static dev.toolspill.output.SummaryFixtures.shownKeys;
import static dev.toolspill.output.SummaryFixtures.structured;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The summary of a JSON object: its keys, each with the type and size of its value, long keys clipped, and the count
 * of the keys left out.
 */
class JsonObjectSummaryTest {

    private final Summarizer summarizer = new Summarizer(MAX, 5, 3);

    @Test
    void jsonObjectListsEachKeyWithTheTypeAndSizeOfItsValue() throws IOException {
        String results = IntStream.range(0, 120).mapToObj(Integer::toString).collect(Collectors.joining(",", "[", "]"));
        String title = "Fifty-two characters, with é and 日本 and 😀 in them!!!";
        assertEquals(52, title.codePointCount(0, title.length()));
        String raw = "{\"results\":" + results + ",\"page\":{\"n\":1,\"size\":2,\"total\":3,\"next\":null},\"title\":\""
                + title + "\",\"count\":120,\"ratio\":0.5,\"done\":false,\"cursor\":null,\"empty\":\"\",\"none\":[],\"nil\":{}}";
        String summary = summarizer.summarize(ID, structured(raw));
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] json_object | 10 keys
                ── keys ──
                results: array[120]
                page: object{4}
                title: string(52)
                count: number
                ratio: number
                done: boolean
                cursor: null
                empty: string(0)
                none: array[0]
                nil: object{0}""", summary);
        assertValidSummary(summary);
    }

    @Test
    void anEmptyJsonObject() throws IOException {
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] json_object | 0 keys
                ── keys ──""", summarizer.summarize(ID, structured("{}")));
    }

    @Test
    void anObjectWithFiveHundredKeysSaysHowManyAreLeftOut() {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        for (int i = 0; i < 500; i++) {
            object.put(String.format("k%03d", i), i);
        }
        String summary = summarizer.summarize(ID, new Content.Structured(object));
        // id line and rule take 85 bytes, each "kNNN: number" 13, "… +478 more keys" 19: 22 keys fit
        String expected = TAG + " json_object | 500 keys\n── keys ──\n"
                + IntStream.range(0, 22).mapToObj(i -> String.format("k%03d: number\n", i)).collect(Collectors.joining())
                + "… +478 more keys";
        assertEquals(expected, summary);
        assertEquals(390, bytes(summary));
        assertEquals(500, shownKeys(summary) + moreCount(summary, "keys"));
    }

    @Test
    void longKeysAreClippedToAQuarterOfTheSummary() throws IOException {
        String raw = "{\"" + "k".repeat(150) + "\":1,\"" + "キ".repeat(50) + "\":[1,2],\"short\":\"s\"}";
        assertEquals(TAG + " json_object | 3 keys\n"
                + "── keys ──\n"
                + "k".repeat(97) + "…: number\n"
                + "キ".repeat(32) + "…: array[2]\n"
                + "short: string(1)", summarizer.summarize(ID, structured(raw)));
    }

    @Test
    void manyLongKeysStillEndWithTheCountOfWhatIsLeftOut() {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        for (int i = 0; i < 40; i++) {
            object.put(i + "😀".repeat(60), "v");
        }
        String summary = summarizer.summarize(ID, new Content.Structured(object));
        assertValidSummary(summary);
        assertTrue(summary.startsWith(TAG + " json_object | 40 keys\n── keys ──\n"));
        assertEquals(40, shownKeys(summary) + moreCount(summary, "keys"));
    }
}
