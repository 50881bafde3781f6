package dev.toolspill.inspect;

import dev.toolspill.inspect.read.InspectSettings;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code inspect} with no selector on a real store: the head as it always started (metadata, then the summary), then
 * what the summary cannot hold: a text's longest line, an object's largest values, the keys of an array's entries
 * over a sample spread across it. All within the limit.
 */
public abstract class HeadPictureContractTest {

    protected abstract BlobStore store();

    private String head(BlobId id, int limit, InspectSettings settings) {
        return StoredTwins.answer(StoredTwins.inspector(store(), limit, settings), id, "");
    }

    @Test
    void aTextNamesItsLongestLine() throws Exception {
        String text = IntStream.rangeClosed(1, 400).mapToObj(i -> "line " + i + (i == 273 ? " é".repeat(300) : "") + (i % 2 == 0 ? "\r\n" : "\n"))
                .collect(Collectors.joining());
        int offset = text.indexOf("line 273 ");
        int offsetBytes = text.substring(0, offset).getBytes(StandardCharsets.UTF_8).length;
        for (BlobId id : StoredTwins.store(store(), text, false)) {
            String head = head(id, 16384, InspectSettings.DEFAULT);
            assertTrue(head.startsWith(id.tag() + " text | "), head);
            assertTrue(head.endsWith("── longest line ──\nline 273, 908 bytes: lines:273-273 or bytes:" + offsetBytes + ".."
                    + (offsetBytes + 908)), head);
            assertTrue(head.contains("── head ──\nline 1\nline 2\n"), "the summary's head as before: " + head);
            assertEquals(" é".repeat(300), StoredTwins.answer(StoredTwins.inspector(store(), 16384, InspectSettings.DEFAULT), id,
                    "bytes:" + (offsetBytes + 8) + ".." + (offsetBytes + 908)), "the bytes the head names are the line's");
        }
    }

    @Test
    void anObjectNamesItsLargestValues() throws Exception {
        String json = "{\"small\": 1, \"big\": \"" + "x".repeat(5000) + "\", \"list\": [" + "1, ".repeat(300) + "2], \"a b\": {\"k\": true}}";
        for (BlobId id : StoredTwins.store(store(), json, true)) {
            String head = head(id, 16384, InspectSettings.DEFAULT);
            assertTrue(head.endsWith("── largest values ──\nbig: 5002 bytes\nlist: 903 bytes\na b: 11 bytes\nsmall: 1 byte"), head);
            assertTrue(head.contains("── keys ──\nsmall: number\nbig: string(5000)"), "the summary's key list as before: " + head);
        }
    }

    /** Mixed entries: every one an object but every 10th a number; "late" keys only in the second half. */
    private static List<String> entries(int count) {
        List<String> entries = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            entries.add(i % 10 == 9 ? String.valueOf(i) : "{\"id\": " + i + (i % 3 == 0 ? ", \"name\": null" : ", \"name\": \"n" + i + "\"")
                    + (i >= count / 2 ? ", \"late\": [" + i + "]" : "") + ", \"id\": \"again\"}");
        }
        return entries;
    }

    @Test
    void anArrayCountsTheKeysOfAllItsEntriesWhenFew() throws Exception {
        List<String> entries = entries(300);
        for (BlobId id : StoredTwins.store(store(), "[" + String.join(",\n ", entries) + "]", true)) {
            String head = head(id, 16384, InspectSettings.DEFAULT);
            assertTrue(head.contains("── schema ──\nid: string, name: null"), "the first entry's schema, as before: " + head);
            assertTrue(head.endsWith("── keys in all 300 entries ──\nid: 270 (string)\nname: 270 (string 180, null 90)\n"
                    + "late: 135 (array)\nentries that are not objects: 30 (number)"), head);
        }
    }

    @Test
    void aLargeArrayIsSampledOverItsWholeLength() throws Exception {
        List<String> entries = entries(6000);
        InspectSettings settings = new InspectSettings(1000, 200, 1 << 20);
        for (BlobId id : StoredTwins.store(store(), "[" + String.join(",", entries) + "]", true)) {
            String head = head(id, 16384, settings);
            String keys = head.substring(head.indexOf("── keys in "));
            assertTrue(keys.matches("(?s)── keys in a sample of 20\\d of 6000 entries, spread over the array ──\nid: \\d+ \\(string\\)\n"
                    + "name: \\d+ \\(string \\d+, null \\d+\\)\nlate: \\d+ \\(array\\)\nentries that are not objects: \\d+ \\(number\\)"), keys);
            String tight = head(id, 16384, new InspectSettings(1000, 200, 2000));
            assertTrue(tight.matches("(?s).*── keys in a sample of \\d+ of 6000 entries.*") && !tight.contains("sample of 20"),
                    "a small byte budget samples fewer entries: " + tight.substring(tight.indexOf("── keys in ")));
            assertTrue(head(id, 300, settings).getBytes(StandardCharsets.UTF_8).length <= 300, "within the limit");
        }
    }
}
