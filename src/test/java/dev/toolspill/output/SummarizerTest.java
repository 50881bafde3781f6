package dev.toolspill.output;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.toolspill.blob.BlobId;
import dev.toolspill.text.Utf8;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

class SummarizerTest {

    private static final BlobId ID = new BlobId(UUID.fromString("01a228dc-415a-768d-a8d5-16a5235981af"));
    private static final String TAG = "[blob:01a228dc-415a-768d-a8d5-16a5235981af]";
    private static final int MAX = 400;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Summarizer summarizer = new Summarizer(MAX, 5, 3);

    // ---------------------------------------------------------------- text

    @Test
    void textShowsTheIdLineThenFiveHeadAndThreeTailLines() {
        String summary = summarizer.summarize(ID, new Content.Text(numbered(12, "\n", true)));
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] text | 12 lines
                ── head ──
                line 1
                line 2
                line 3
                line 4
                line 5
                ── tail ──
                line 10
                line 11
                line 12""", summary);
        assertValidSummary(summary);
    }

    @Test
    void textOfExactlyEightLinesShowsEachLineOnce() {
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] text | 8 lines
                ── head ──
                line 1
                line 2
                line 3
                line 4
                line 5
                ── tail ──
                line 6
                line 7
                line 8""", summarizer.text(ID, numbered(8, "\n", true)));
    }

    @Test
    void textOfNineLinesLeavesOutOnlyTheMiddleLine() {
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] text | 9 lines
                ── head ──
                line 1
                line 2
                line 3
                line 4
                line 5
                ── tail ──
                line 7
                line 8
                line 9""", summarizer.text(ID, numbered(9, "\n", true)));
    }

    @Test
    void textOfSixLinesShowsTheSixthOnlyInTheTail() {
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] text | 6 lines
                ── head ──
                line 1
                line 2
                line 3
                line 4
                line 5
                ── tail ──
                line 6""", summarizer.text(ID, numbered(6, "\n", true)));
    }

    @Test
    void textOfFiveLinesOrFewerHasNoTail() {
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] text | 5 lines
                ── head ──
                line 1
                line 2
                line 3
                line 4
                line 5""", summarizer.text(ID, numbered(5, "\n", true)));
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] text | 2 lines
                ── head ──
                line 1
                line 2""", summarizer.text(ID, numbered(2, "\n", false)));
    }

    @Test
    void noLineIsShownTwiceForAnyLineCountUpToTwelve() {
        for (int n = 1; n <= 12; n++) {
            for (boolean finalNewline : new boolean[]{true, false}) {
                String summary = summarizer.text(ID, numbered(n, "\n", finalNewline));
                List<String> shown = summary.lines().filter(l -> l.startsWith("line ")).toList();
                assertEquals(shown.stream().distinct().count(), shown.size(), summary);
                assertEquals(Math.min(n, 8), shown.size(), summary);
                assertTrue(summary.startsWith(TAG + " text | " + n + " lines\n"), summary);
            }
        }
    }

    @Test
    void crlfLineEndingsAreNotShown() {
        String summary = summarizer.text(ID, numbered(9, "\r\n", true));
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] text | 9 lines
                ── head ──
                line 1
                line 2
                line 3
                line 4
                line 5
                ── tail ──
                line 7
                line 8
                line 9""", summary);
        assertFalse(summary.contains("\r"));
    }

    @Test
    void crlfWithoutAFinalNewline() {
        String summary = summarizer.text(ID, numbered(10, "\r\n", false));
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] text | 10 lines
                ── head ──
                line 1
                line 2
                line 3
                line 4
                line 5
                ── tail ──
                line 8
                line 9
                line 10""", summary);
        assertFalse(summary.contains("\r"));
    }

    @Test
    void aMissingFinalNewlineStillCountsTheLastLine() {
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] text | 10 lines
                ── head ──
                line 1
                line 2
                line 3
                line 4
                line 5
                ── tail ──
                line 8
                line 9
                line 10""", summarizer.text(ID, numbered(10, "\n", false)));
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] text | 3 lines
                ── head ──
                only
                three
                lines""", summarizer.text(ID, "only\nthree\nlines"));
    }

    @Test
    void emptyLinesAreLinesToo() {
        assertEquals("""
                [blob:01a228dc-415a-768d-a8d5-16a5235981af] text | 10 lines
                ── head ──
                a

                c
                d

                ── tail ──

                i
                """, summarizer.text(ID, "a\n\nc\nd\n\nf\ng\n\ni\n\n"));
    }

    @Test
    void longLinesShareTheBudgetAndAreClippedWithAMark() {
        // fixed part: id line (59) + head rule (1+18) + tail rule (1+18) = 97 bytes; 8 lines leave
        // 400 - 97 - 8 newlines = 295 bytes, so each line gets 36: 33 characters and the mark.
        String text = IntStream.rangeClosed(1, 10).mapToObj(i -> String.format("%02d ", i) + "x".repeat(100) + "\n")
                .collect(Collectors.joining());
        String summary = summarizer.text(ID, text);
        String x30 = "x".repeat(30);
        assertEquals(TAG + " text | 10 lines\n"
                + "── head ──\n"
                + "01 " + x30 + "…\n"
                + "02 " + x30 + "…\n"
                + "03 " + x30 + "…\n"
                + "04 " + x30 + "…\n"
                + "05 " + x30 + "…\n"
                + "── tail ──\n"
                + "08 " + x30 + "…\n"
                + "09 " + x30 + "…\n"
                + "10 " + x30 + "…", summary);
        assertEquals(393, bytes(summary));
    }

    @Test
    void shortLinesStayWholeAndLongOnesGetWhatIsLeft() {
        // 5 short head lines (2 bytes each) leave 295 - 10 = 285 bytes for the 3 long tail lines: 95 each
        String text = "h1\nh2\nh3\nh4\nh5\nskipped\nskipped\n" + ("x".repeat(300) + "\n").repeat(3);
        String summary = summarizer.text(ID, text);
        String clipped = "x".repeat(92) + "…";
        assertEquals(TAG + " text | 10 lines\n"
                + "── head ──\n"
                + "h1\nh2\nh3\nh4\nh5\n"
                + "── tail ──\n"
                + clipped + "\n" + clipped + "\n" + clipped, summary);
        assertEquals(MAX, bytes(summary));
    }

    @Test
    void japaneseLinesAreClippedOnCharacterBoundaries() {
        // id line 58 + rules 38 = 96; 6 lines leave 298 bytes: 49 each, i.e. 15 three-byte characters and the mark
        String text = ("あ".repeat(50) + "\n").repeat(6);
        String summary = summarizer.text(ID, text);
        String clipped = "あ".repeat(15) + "…";
        assertEquals(TAG + " text | 6 lines\n"
                + "── head ──\n"
                + (clipped + "\n").repeat(5)
                + "── tail ──\n"
                + clipped, summary);
        assertEquals(390, bytes(summary));
        assertValidSummary(summary);
    }

    @Test
    void emojiLinesAreClippedWithoutSplittingASurrogatePair() {
        // "a" then 4-byte emoji: 48 bytes per line at most leaves "a" + 11 emoji (45 bytes) + the mark
        String text = ("a" + "😀".repeat(60) + "\n").repeat(6);
        String summary = summarizer.text(ID, text);
        String clipped = "a" + "😀".repeat(11) + "…";
        assertEquals(TAG + " text | 6 lines\n"
                + "── head ──\n"
                + (clipped + "\n").repeat(5)
                + "── tail ──\n"
                + clipped, summary);
        assertValidSummary(summary);
    }

    @Test
    void mixedWidthLinesAreValidUtf8AfterClipping() {
        String line = "é日😀x".repeat(40);
        for (int shift = 0; shift < 4; shift++) {
            String original = "a".repeat(shift) + line;
            String summary = summarizer.text(ID, (original + "\r\n").repeat(11));
            assertValidSummary(summary);
            assertTrue(summary.startsWith(TAG + " text | 11 lines\n── head ──\n"));
            List<String> shown = summary.lines().skip(2).filter(l -> !l.equals("── tail ──")).toList();
            assertEquals(8, shown.size());
            shown.forEach(l -> assertClippedFrom(original, l));
        }
    }

    @Test
    void aSingleFiveMegabyteLineIsOneClippedLine() {
        String huge = "y".repeat(5 * 1024 * 1024);
        String summary = summarizer.text(ID, huge); // how fast is the benchmarks' to say: a unit test does not time
        // id line 58 + head rule 19 = 77 bytes; the line gets the other 323 minus its newline
        assertEquals(TAG + " text | 1 lines\n"
                + "── head ──\n"
                + "y".repeat(319) + "…", summary);
        assertEquals(MAX, bytes(summary));
        assertEquals(summary, summarizer.text(ID, huge + "\n"), "a final newline changes nothing");
    }

    @Test
    void aFiveMegabyteLineOfMultiByteTextIsClippedOnABoundary() {
        String huge = "日本語😀".repeat(500_000);
        String summary = summarizer.text(ID, "first\n" + huge + "\nlast\n");
        assertValidSummary(summary);
        assertTrue(summary.startsWith(TAG + " text | 3 lines\n── head ──\nfirst\n日本語😀"), summary);
        assertTrue(summary.endsWith("…\nlast"), summary);
    }

    // ---------------------------------------------------------------- json_array

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

    // ---------------------------------------------------------------- json_object

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

    // ---------------------------------------------------------------- settings and odd keys

    @Test
    void moreLinesThanTheCapCanShowAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Summarizer(400, 100, 100));
        assertThrows(IllegalArgumentException.class, () -> new Summarizer(160, 40, 20));
        assertThrows(IllegalArgumentException.class, () -> new Summarizer(100, 5, 3));
        String text = numbered(300, "\n", true);
        assertTrue(bytes(new Summarizer(400, 20, 10).text(ID, text)) <= 400);
    }

    @Test
    void aKeyWithANewlineStaysOnItsOwnLine() throws IOException {
        String summary = summarizer.summarize(ID, structured("{\"a\\nb\":1,\"x\\n── keys ──\":2}"));
        assertEquals(4, summary.lines().count(), summary);
        assertEquals(1, summary.lines().filter(l -> l.equals("── keys ──")).count(), summary);
        String array = summarizer.summarize(ID, structured("[{\"a\\nb\":1}]"));
        assertEquals(5, array.lines().count(), array);
    }

    // ---------------------------------------------------------------- properties

    @Test
    void randomTextsAlwaysGiveAValidSummaryWithinTheCap() throws CharacterCodingException {
        Random random = new Random(20240601L);
        String[] alphabet = {"a", "b", "z", " ", "0", "é", "ß", "Ж", "日", "本", "あ", "—", "😀", "🎉", "𝄞", "\t"};
        for (int round = 0; round < 400; round++) {
            int lineCount = random.nextInt(4) == 0 ? 1 + random.nextInt(3) : random.nextInt(40) + 1;
            boolean crlf = random.nextBoolean();
            boolean finalNewline = random.nextBoolean();
            List<String> lines = new ArrayList<>();
            for (int i = 0; i < lineCount; i++) {
                int length = switch (random.nextInt(4)) {
                    case 0 -> random.nextInt(3);
                    case 1 -> random.nextInt(40);
                    case 2 -> random.nextInt(400);
                    default -> random.nextInt(3000);
                };
                StringBuilder line = new StringBuilder();
                for (int c = 0; c < length; c++) {
                    line.append(alphabet[random.nextInt(alphabet.length)]);
                }
                lines.add(line.toString());
            }
            if (!finalNewline && lines.get(lineCount - 1).isEmpty()) {
                lines.set(lineCount - 1, "end");
            }
            String text = String.join(crlf ? "\r\n" : "\n", lines) + (finalNewline ? (crlf ? "\r\n" : "\n") : "");

            String summary = summarizer.summarize(ID, new Content.Text(text));
            String context = "round " + round + ": " + lineCount + " lines";

            byte[] utf8 = summary.getBytes(StandardCharsets.UTF_8);
            assertTrue(utf8.length <= MAX, context + " is " + utf8.length + " bytes");
            assertEquals(summary, Utf8.decode(utf8), context);
            assertTrue(summary.startsWith(TAG + " "), context);
            assertEquals(TAG + " text | " + lineCount + " lines", summary.lines().findFirst().orElseThrow(), context);
            assertFalse(summary.contains("\r"), context);

            // the lines shown are the first 5 and last 3, each whole or a marked prefix, none twice
            List<String> out = List.of(summary.split("\n", -1));
            assertEquals("── head ──", out.get(1), context);
            int head = Math.min(5, lineCount);
            int tail = Math.min(3, lineCount - head);
            assertEquals(2 + head + (tail > 0 ? 1 + tail : 0), out.size(), context);
            for (int i = 0; i < head; i++) {
                assertClippedFrom(lines.get(i), out.get(2 + i));
            }
            if (tail > 0) {
                assertEquals("── tail ──", out.get(2 + head), context);
                for (int i = 0; i < tail; i++) {
                    assertClippedFrom(lines.get(lineCount - tail + i), out.get(3 + head + i));
                }
            }
        }
    }

    @Test
    void randomJsonAlwaysGivesAValidSummaryThatCountsWhatIsLeftOut() throws CharacterCodingException {
        Random random = new Random(7L);
        String[] alphabet = {"a", "k", "_", "1", "é", "日", "😀", "ß", " "};
        for (int round = 0; round < 200; round++) {
            boolean array = random.nextBoolean();
            JsonNode json;
            int count = random.nextInt(4) == 0 ? random.nextInt(3) : random.nextInt(300);
            if (array) {
                ArrayNode node = JsonNodeFactory.instance.arrayNode();
                for (int i = 0; i < count; i++) {
                    node.add(randomValue(random, alphabet, 1));
                }
                json = node;
            } else {
                ObjectNode node = JsonNodeFactory.instance.objectNode();
                for (int i = 0; i < count; i++) {
                    node.set(i + randomString(random, alphabet, random.nextInt(5) == 0 ? 300 : 12), randomValue(random, alphabet, 1));
                }
                json = node;
            }
            String summary = summarizer.summarize(ID, new Content.Structured(json));
            String context = "round " + round + ": " + summary;
            byte[] utf8 = summary.getBytes(StandardCharsets.UTF_8);
            assertTrue(utf8.length <= MAX, context);
            assertEquals(summary, Utf8.decode(utf8), context);
            int size = json.size();
            if (array) {
                assertTrue(summary.startsWith(TAG + " json_array | " + size + " entries\n── schema ──\n"), context);
                if (size > 2) {
                    assertTrue(summary.endsWith("\n… +" + (size - 2) + " more entries"), context);
                } else {
                    assertFalse(summary.contains("more entries"), context);
                }
            } else {
                assertTrue(summary.startsWith(TAG + " json_object | " + size + " keys\n── keys ──"), context);
                assertEquals(size, shownKeys(summary) + moreCount(summary, "keys"), context);
            }
        }
    }

    // ---------------------------------------------------------------- helpers

    private static JsonNode randomValue(Random random, String[] alphabet, int depth) {
        switch (random.nextInt(depth > 0 ? 7 : 5)) {
            case 0:
                return JsonNodeFactory.instance.numberNode(random.nextInt());
            case 1:
                return JsonNodeFactory.instance.textNode(randomString(random, alphabet, random.nextInt(3) == 0 ? 500 : 20));
            case 2:
                return JsonNodeFactory.instance.booleanNode(random.nextBoolean());
            case 3:
                return JsonNodeFactory.instance.nullNode();
            case 4:
                return JsonNodeFactory.instance.numberNode(random.nextDouble());
            case 5: {
                ArrayNode a = JsonNodeFactory.instance.arrayNode();
                int n = random.nextInt(random.nextBoolean() ? 5 : 200);
                for (int i = 0; i < n; i++) {
                    a.add(randomValue(random, alphabet, depth - 1));
                }
                return a;
            }
            default: {
                ObjectNode o = JsonNodeFactory.instance.objectNode();
                int n = random.nextInt(random.nextBoolean() ? 5 : 300);
                for (int i = 0; i < n; i++) {
                    o.set(i + randomString(random, alphabet, 15), randomValue(random, alphabet, depth - 1));
                }
                return o;
            }
        }
    }

    private static String randomString(Random random, String[] alphabet, int maxLength) {
        int length = random.nextInt(maxLength + 1);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < length; i++) {
            s.append(alphabet[random.nextInt(alphabet.length)]);
        }
        return s.toString();
    }

    /** "line 1" ... "line n", each followed by the terminator except, optionally, the last. */
    private static String numbered(int n, String terminator, boolean finalNewline) {
        String text = IntStream.rangeClosed(1, n).mapToObj(i -> "line " + i).collect(Collectors.joining(terminator));
        return finalNewline ? text + terminator : text;
    }

    private static Content.Structured structured(String raw) throws IOException {
        return new Content.Structured(MAPPER.readTree(raw), raw);
    }

    private static int bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    /** Key lines of a json_object summary: everything after the "── keys ──" rule but the "… +K more keys" line. */
    private static long shownKeys(String summary) {
        List<String> lines = summary.lines().toList();
        return lines.subList(2, lines.size()).stream().filter(l -> !l.matches("… \\+\\d+ more keys")).count();
    }

    private static long moreCount(String summary, String what) {
        Matcher matcher = Pattern.compile("\n… \\+(\\d+) more " + what + "$").matcher(summary);
        return matcher.find() ? Long.parseLong(matcher.group(1)) : 0;
    }

    private static void assertValidSummary(String summary) {
        byte[] utf8 = summary.getBytes(StandardCharsets.UTF_8);
        assertTrue(utf8.length <= MAX, "summary is " + utf8.length + " bytes");
        try {
            assertEquals(summary, Utf8.decode(utf8));
        } catch (CharacterCodingException e) {
            fail("summary is not valid UTF-8", e);
        }
        assertTrue(summary.startsWith(TAG + " "), summary);
    }

    /** {@code shown} is {@code original} whole, or a prefix of it on a character boundary followed by the mark. */
    private static void assertClippedFrom(String original, String shown) {
        if (shown.equals(original)) {
            return;
        }
        assertTrue(shown.endsWith("…"), () -> "changed but not marked: " + shown);
        String kept = shown.substring(0, shown.length() - 1);
        assertTrue(original.startsWith(kept), () -> "not a prefix: " + shown);
        assertFalse(!kept.isEmpty() && Character.isHighSurrogate(kept.charAt(kept.length() - 1)), "split surrogate pair");
    }
}
