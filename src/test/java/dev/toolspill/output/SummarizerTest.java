package dev.toolspill.output;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.toolspill.text.Utf8;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static dev.toolspill.output.SummaryFixtures.ID;
import static dev.toolspill.output.SummaryFixtures.MAX;
import static dev.toolspill.output.SummaryFixtures.TAG;
import static dev.toolspill.output.SummaryFixtures.assertClippedFrom;
import static dev.toolspill.output.SummaryFixtures.bytes;
import static dev.toolspill.output.SummaryFixtures.moreCount;
import static dev.toolspill.output.SummaryFixtures.numbered;
import static dev.toolspill.output.SummaryFixtures.shownKeys;
import static dev.toolspill.output.SummaryFixtures.structured;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The summarizer as a whole: the settings it refuses, keys that could break a summary's lines, and seeded random
 * texts and JSON that always give a valid summary within the cap. The summaries of each kind have classes of their
 * own: {@link TextSummaryTest}, {@link TextClippingTest}, {@link JsonArraySummaryTest}, {@link JsonObjectSummaryTest}.
 */
class SummarizerTest {

    private final Summarizer summarizer = new Summarizer(MAX, 5, 3);

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
}
