package dev.toolspill.output;

import dev.toolspill.ParallelSafe;
import dev.toolspill.Depth;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.toolspill.blob.BlobId;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Summaries of random outputs, text and JSON, of any size and shape: each starts with {@code [blob:<id>]}, fits in
 * 400 UTF-8 bytes, is well-formed UTF-8 (no half of a character or of a surrogate pair), and for a short text with
 * few lines shows every line as it is. Seeded ({@code -Dproperty.seed=N} replays a failure).
 */
@ParallelSafe
class SummaryPropertyTest {

    static final long SEED = Long.getLong("property.seed", System.nanoTime());
    static final ObjectMapper MAPPER = new ObjectMapper();
    static final String[] PIECES = {"word ", "ünï ", "日本 ", "😀", "\t", "x".repeat(300), "\"q\"", "\\", "é", "\uFEFF"};

    final Summarizer summarizer = new Summarizer(400, 5, 3);

    static String line(Random random) { // static: used by the text test as well
        StringBuilder line = new StringBuilder();
        int pieces = random.nextInt(random.nextInt(10) == 0 ? 200 : 8);
        for (int i = 0; i < pieces; i++) {
            line.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return line.toString();
    }

    /** Nodes the document being made may still have: a few thousand at most, however the dice fall. */
    int budget;

    JsonNode json(Random random, int depth) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        budget--;
        switch (depth > 4 || budget <= 0 ? random.nextInt(3) : random.nextInt(5)) {
            case 0: return nodes.textNode(line(random));
            case 1: return nodes.numberNode(random.nextLong());
            case 2: return random.nextBoolean() ? nodes.nullNode() : nodes.booleanNode(random.nextBoolean());
            case 3: {
                ArrayNode array = nodes.arrayNode();
                for (int i = random.nextInt(random.nextInt(5) == 0 ? 500 : 6); i > 0; i--) {
                    array.add(json(random, depth + 1));
                }
                return array;
            }
            default: {
                ObjectNode object = nodes.objectNode();
                for (int i = random.nextInt(random.nextInt(5) == 0 ? 300 : 6); i > 0; i--) {
                    object.set(line(random), json(random, depth + 1));
                }
                return object;
            }
        }
    }

    static void wellFormed(String summary, String context) {
        byte[] bytes = summary.getBytes(StandardCharsets.UTF_8);
        assertTrue(bytes.length <= 400, context + ": " + bytes.length + " bytes\n" + summary);
        assertDoesNotThrow(() -> StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes)), context);
        for (int i = 0; i < summary.length(); i++) {
            char c = summary.charAt(i);
            boolean paired = Character.isHighSurrogate(c) ? i + 1 < summary.length() && Character.isLowSurrogate(summary.charAt(++i))
                    : !Character.isLowSurrogate(c);
            assertTrue(paired, context + ": half a surrogate pair at " + i);
        }
    }

    @Test
    void textSummariesStartWithTheIdFitAndKeepShortLinesWhole() {
        Random random = new Random(SEED);
        for (int round = 0; round < Depth.of(800, 3000); round++) {
            BlobId id = BlobId.random();
            int lines = random.nextInt(random.nextInt(4) == 0 ? 5000 : 12);
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < lines; i++) {
                text.append(line(random)).append(random.nextInt(5) == 0 ? "\r\n" : "\n");
            }
            String summary = summarizer.text(id, text.toString());
            String context = "seed " + SEED + ", round " + round;
            assertTrue(summary.startsWith("[blob:" + id + "]"), context + ": " + summary);
            wellFormed(summary, context);
            if (lines <= 8 && text.length() < 200 && text.toString().chars().allMatch(c -> c >= ' ' || c == '\n')) {
                for (String each : text.toString().split("\n")) {
                    assertTrue(summary.contains(each), context + ": line '" + each + "' missing from\n" + summary);
                }
            }
        }
    }

    @Test
    void jsonSummariesStartWithTheIdAndFit() throws Exception {
        Random random = new Random(SEED + 1);
        for (int round = 0; round < Depth.of(400, 1500); round++) {
            BlobId id = BlobId.random();
            budget = 3000;
            JsonNode json = json(random, 0);
            if (!json.isContainerNode()) { // a stored JSON output is an array or an object
                json = JsonNodeFactory.instance.arrayNode().add(json);
            }
            String summary = summarizer.summarize(id, new Content.Structured(json, MAPPER.writeValueAsString(json)));
            String context = "seed " + SEED + ", round " + round;
            assertTrue(summary.startsWith("[blob:" + id + "]"), context + ": " + summary);
            wellFormed(summary, context);
        }
    }
}
