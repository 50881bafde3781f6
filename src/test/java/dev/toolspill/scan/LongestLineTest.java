package dev.toolspill.scan;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A scan records a text's longest line in the read index (its number, offset and length without the line break),
 * whatever the chunks; the index codec keeps it (version 4) and still reads a version 3 index of a JSON blob, while one
 * of a text, which lacks the line, is refused so the blob is scanned again.
 */
class LongestLineTest {

    private static final ScanSettings SETTINGS = new ScanSettings(5, 3, 2, 400, 100);
    private static final ReadIndexCodec CODEC = new ReadIndexCodec(new ObjectMapper());

    /** The reference: the first longest line, by splitting the text. */
    private static ReadIndex.Line longest(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        ReadIndex.Line best = new ReadIndex.Line(0, 0, 0);
        long number = 0;
        int start = 0;
        for (int i = 0; i <= bytes.length; i++) {
            boolean end = i == bytes.length ? start < bytes.length : bytes[i] == '\n';
            if (!end) {
                continue;
            }
            number++;
            int length = i - start - (i < bytes.length && i > start && bytes[i - 1] == '\r' ? 1 : 0);
            if (length > best.bytes() || best.number() == 0) {
                best = new ReadIndex.Line(number, start, length);
            }
            start = i + 1;
        }
        return best;
    }

    private static ReadIndex scan(String text, Random random) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        StreamScanner scanner = new StreamScanner(SETTINGS, false, 7);
        for (int at = 0; at < bytes.length; ) {
            int n = Math.min(bytes.length - at, 1 + random.nextInt(random.nextBoolean() ? 3 : 200));
            scanner.feed(bytes, at, n);
            at += n;
        }
        return scanner.finish().index();
    }

    @Test
    void theLongestLineIsFoundWhateverTheChunks() {
        Random random = new Random(12);
        String alphabet = "ab\r\n\n\né€😀";
        for (int round = 0; round < 500; round++) {
            StringBuilder text = new StringBuilder();
            for (int k = random.nextInt(300); k > 0; k--) {
                text.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            ReadIndex index = scan(text.toString(), random);
            if (index.kind() == BlobKind.TEXT) {
                assertEquals(longest(text.toString()), index.longest(), text.toString().replace("\r", "\\r").replace("\n", "\\n"));
            }
        }
        assertEquals(new ReadIndex.Line(2, 4, 6), scan("abc\nlongé\r\nxyz\n", random).longest(), "\\r\\n is not part of the line");
        assertEquals(new ReadIndex.Line(0, 0, 0), scan("", random).longest(), "an empty text has no lines");
        assertEquals(new ReadIndex.Line(3, 4, 6), scan("a\nb\n\r\r\r\r\r\r", random).longest(), "an unterminated last line as it is");
    }

    @Test
    void theCodecKeepsItAndReadsVersionThreeOfJsonOnly() throws IOException {
        ReadIndex text = scan("one\nthe longest\ntwo\n", new Random(1));
        ReadIndex decoded = CODEC.decode(CODEC.encode(text));
        assertEquals(new ReadIndex.Line(2, 4, 11), decoded.longest());
        assertTrue(new String(CODEC.encode(text), StandardCharsets.UTF_8).contains("\"version\":4"));

        ObjectMapper mapper = new ObjectMapper();
        ObjectNode oldText = (ObjectNode) mapper.readTree(CODEC.encode(text));
        oldText.put("version", 3).remove("longest");
        IOException refused = assertThrows(IOException.class, () -> CODEC.decode(ReadIndexCodec.signed(mapper.writeValueAsBytes(oldText))));
        assertEquals("a read index of version 3 without the text's longest line", refused.getMessage());

        ReadIndex array = StreamScanner.scan(SETTINGS, "[1, {\"a\": 2}, \"x\"]".getBytes(StandardCharsets.UTF_8), true, 7).index();
        ObjectNode oldArray = (ObjectNode) mapper.readTree(CODEC.encode(array));
        oldArray.put("version", 3);
        ReadIndex read = CODEC.decode(ReadIndexCodec.signed(mapper.writeValueAsBytes(oldArray)));
        assertEquals(3, read.count());
        assertNull(read.longest(), "a JSON blob has no longest line");
        assertThrows(IOException.class, () -> CODEC.decode(mapper.writeValueAsBytes(oldArray)), "without its check sum it is refused");
        oldArray.put("version", 2);
        assertThrows(IOException.class, () -> CODEC.decode(ReadIndexCodec.signed(mapper.writeValueAsBytes(oldArray))), "an older version is refused");
        oldArray.put("version", 5);
        assertThrows(IOException.class, () -> CODEC.decode(ReadIndexCodec.signed(mapper.writeValueAsBytes(oldArray))), "a newer version is not guessed at");
    }

    @Test
    void aLongestLineOutsideTheBlobIsADamagedIndex() throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode node = (ObjectNode) mapper.readTree(CODEC.encode(scan("one\ntwo\n", new Random(3))));
        node.putArray("longest").add(1).add(5).add(9);
        IOException refused = assertThrows(IOException.class, () -> CODEC.decode(ReadIndexCodec.signed(mapper.writeValueAsBytes(node))));
        assertEquals("a damaged read index: the longest line outside the blob", refused.getMessage());
    }
}
