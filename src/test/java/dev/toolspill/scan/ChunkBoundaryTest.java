package dev.toolspill.scan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.ByteRange;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A scan does not depend on where a stream's chunks end: an escaped surrogate pair in a key (what Python's
 * json.dumps writes for an emoji) or a byte order mark split anywhere gives the same kind, counts and spans.
 */
class ChunkBoundaryTest {

    static final ObjectMapper MAPPER = new ObjectMapper();
    static final ScanSettings SETTINGS = new ScanSettings(5, 3, 2, 401, 100);

    /** Feeds the bytes in three chunks split at {@code a} and {@code b}. */
    static Scan scanSplit(byte[] bytes, int a, int b, boolean json) {
        StreamScanner scanner = new StreamScanner(SETTINGS, json, 1);
        scanner.feed(bytes, 0, a);
        scanner.feed(bytes, a, b - a);
        scanner.feed(bytes, b, bytes.length - b);
        return scanner.finish();
    }

    @Test
    void anEscapedSurrogatePairInAKeyParsesWhereverAChunkEnds() throws Exception {
        String key = "\\ud83d\\ude00 party";
        String json = "{\"" + "p".repeat(790) + "\": 0, \"" + key + "\": [1, 2], \"after\": \"\\ud83c\\udf89\"}";
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        int escape = json.indexOf(key);
        JsonNode tree = MAPPER.readTree(bytes);
        for (boolean required : new boolean[] {true, false}) {
            for (int a = escape - 2; a <= escape + key.length() + 1; a++) {
                for (int b = a; b <= Math.min(bytes.length, a + 14); b++) {
                    Scan scan = scanSplit(bytes, a, b, required);
                    String where = "split at " + a + " and " + b;
                    assertEquals(BlobKind.JSON_OBJECT, scan.kind(), where);
                    assertEquals(tree.size(), scan.count(), where);
                    assertSpansMatch(bytes, tree, scan, where);
                }
            }
        }
    }

    @Test
    void aByteOrderMarkIsNotContentAndSplitsNothing() throws Exception {
        String json = "{\"a\": [1, 2, 3], \"b\": \"日本\"}";
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        byte[] bytes = new byte[body.length + 3];
        bytes[0] = (byte) 0xEF;
        bytes[1] = (byte) 0xBB;
        bytes[2] = (byte) 0xBF;
        System.arraycopy(body, 0, bytes, 3, body.length);
        JsonNode tree = MAPPER.readTree(body);
        Scan whole = StreamScanner.scan(SETTINGS, bytes, true, 1);
        assertEquals(BlobKind.JSON_OBJECT, whole.kind());
        assertSpansMatch(bytes, tree, whole, "whole");
        for (int b = 3; b < bytes.length; b++) {
            assertSpansMatch(bytes, tree, scanSplit(bytes, 3, b, true), "split at 3 and " + b);
        }
    }

    private static void assertSpansMatch(byte[] bytes, JsonNode tree, Scan scan, String where) throws Exception {
        Iterator<Map.Entry<String, JsonNode>> fields = tree.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            ByteRange span = scan.index().values().get(field.getKey());
            String value = new String(bytes, (int) span.offset(), (int) span.length(), StandardCharsets.UTF_8);
            assertEquals(field.getValue(), MAPPER.readTree(value), where + ": value of " + field.getKey());
        }
    }
}
