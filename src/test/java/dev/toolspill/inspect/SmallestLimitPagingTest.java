package dev.toolspill.inspect;

import dev.toolspill.blob.BlobId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Following {@code next} from the first part of any selection until there is none rebuilds the selection, at the
 * smallest limit there is (128 bytes) as at 1 KiB and 16 KiB: at 128 a {@code slice:} over small elements stopped at
 * the first element too long to show whole with its explanation ("entry 15 alone is 109 bytes; … the limit is too
 * small"), and that answer's marker named another number of dropped bytes than {@code truncated.dropped_bytes}. The
 * expected selections are cut here from the pieces the blobs are made of (as {@code sed -n}, {@code dd} and
 * {@code jq} would), not by the code under test.
 */
class SmallestLimitPagingTest {

    private static final PropertyRuns RUNS = new PropertyRuns();
    private static final Pattern MARKER = Pattern.compile("\\n\\[truncated: (\\d+) bytes dropped");

    @BeforeAll
    static void openStore() throws IOException {
        RUNS.open("smallest-limit-paging");
    }

    @AfterAll
    static void removeStore() throws IOException {
        RUNS.close();
    }

    /** 100 entries of about 109 bytes, a few of them long, with multi-byte characters. */
    static List<String> entries() {
        return IntStream.range(0, 100).mapToObj(i -> "{\"id\":" + i + ",\"name\":\"entry-" + i + " é日\",\"note\":\""
                + (i % 17 == 5 ? "ü".repeat(700) : "x".repeat(60 + i % 7)) + "\"}").toList();
    }

    static List<String> lines() {
        return IntStream.range(0, 120).mapToObj(i -> "line " + i + " " + (i % 23 == 4 ? "日本".repeat(400) : "ok ".repeat(i % 40)) + "\n").toList();
    }

    @ParameterizedTest(name = "limit {0}")
    @ValueSource(ints = {128, 1024, 16384})
    void followingNextRebuildsEverySelection(int limit) {
        Inspector inspector = RUNS.inspector(limit);
        List<String> entries = entries();
        String array = "[" + String.join(",", entries) + "]";
        BlobId arrayId = RUNS.keep(array.getBytes(StandardCharsets.UTF_8), true, new Random(1));
        assertUnits(inspector, arrayId, "slice:0..", limit, entries);
        assertUnits(inspector, arrayId, "slice:15..16", limit, entries.subList(15, 16));
        assertUnits(inspector, arrayId, "slice:3..50", limit, entries.subList(3, 50));
        assertUnits(inspector, arrayId, "path: slice:10..", limit, entries.subList(10, 100));
        assertJoined(inspector, arrayId, "path:/5", limit, entries.get(5));
        assertJoined(inspector, arrayId, "path:/5/note", limit, entries.get(5).substring(entries.get(5).indexOf("\"note\":") + 7, entries.get(5).length() - 1));
        assertJoined(inspector, arrayId, "bytes:0..", limit, array);

        List<String> members = IntStream.range(0, 40).mapToObj(i -> "\"k" + i + "\": " + entries.get(i)).toList();
        String object = "{\"a\": [" + String.join(",", entries.subList(0, 30)) + "],\"b\": {" + String.join(",", members)
                + "},\"big\": \"" + "ß".repeat(3000) + "\"}";
        BlobId objectId = RUNS.keep(object.getBytes(StandardCharsets.UTF_8), true, new Random(2));
        assertJoined(inspector, objectId, "key:big", limit, "\"" + "ß".repeat(3000) + "\"");
        assertUnits(inspector, objectId, "path:/a slice:0..", limit, entries.subList(0, 30));
        assertUnits(inspector, objectId, "path:/b keys:0..", limit, members);
        assertUnits(inspector, objectId, "path:/b keys:5..6", limit, members.subList(5, 6));
        assertJoined(inspector, objectId, "path:/b/k5", limit, entries.get(5));
        assertJoined(inspector, objectId, "bytes:100..", limit, new String(object.getBytes(StandardCharsets.UTF_8), 100,
                object.getBytes(StandardCharsets.UTF_8).length - 100, StandardCharsets.UTF_8));

        List<String> lines = lines();
        BlobId textId = RUNS.keep(String.join("", lines).getBytes(StandardCharsets.UTF_8), false, new Random(3));
        assertJoined(inspector, textId, "lines:1-", limit, String.join("", lines));
        assertJoined(inspector, textId, "lines:5-5", limit, lines.get(4));
        assertJoined(inspector, textId, "lines:3-30", limit, String.join("", lines.subList(2, 30)));
        assertGrepShows(inspector, textId, "grep:ok", limit, IntStream.range(0, 120).filter(i -> lines.get(i).contains("ok"))
                .mapToObj(i -> i + 1).toList());
        assertGrepShows(inspector, textId, "grep:/日本/", limit, IntStream.range(0, 120).filter(i -> lines.get(i).contains("日本"))
                .mapToObj(i -> i + 1).toList());
    }

    /** A grep followed to its end shows each matching line (its number, then its text) once, in order. */
    private static void assertGrepShows(Inspector inspector, BlobId id, String selector, int limit, List<Integer> expected) {
        List<NextParts.Part> parts = NextParts.follow(inspector, id, selector, limit);
        assertMarkersAgree(parts);
        List<Integer> shown = new ArrayList<>();
        for (NextParts.Part part : parts) {
            if (part.selector().startsWith("grep:")) {
                Matcher line = Pattern.compile("(?m)^(\\d+): ").matcher(part.content());
                while (line.find()) {
                    shown.add(Integer.parseInt(line.group(1)));
                }
            }
        }
        assertEquals(expected, shown, selector + " at limit " + limit + " in " + parts.size() + " parts");
    }

    private static void assertUnits(Inspector inspector, BlobId id, String selector, int limit, List<String> expected) {
        List<NextParts.Part> parts = NextParts.follow(inspector, id, selector, limit);
        assertMarkersAgree(parts);
        assertEquals(expected, NextParts.units(parts), selector + " at limit " + limit + " in " + parts.size() + " parts");
    }

    private static void assertJoined(Inspector inspector, BlobId id, String selector, int limit, String expected) {
        List<NextParts.Part> parts = NextParts.follow(inspector, id, selector, limit);
        assertMarkersAgree(parts);
        assertEquals(expected, NextParts.joined(parts), selector + " at limit " + limit + " in " + parts.size() + " parts");
    }

    /** A cut part says how many bytes it dropped, and the result item's dropped bytes are that number. */
    private static void assertMarkersAgree(List<NextParts.Part> parts) {
        List<String> wrong = new ArrayList<>();
        for (NextParts.Part part : parts) {
            Matcher marker = MARKER.matcher(part.answer().text());
            if (part.answer().truncated()) {
                assertTrue(marker.find(), part.selector() + ": a cut has a marker: " + part.answer().text());
                if (Long.parseLong(marker.group(1)) != part.answer().droppedBytes()) {
                    wrong.add(part.selector() + ": marker " + marker.group(1) + ", dropped " + part.answer().droppedBytes());
                }
            }
        }
        assertEquals("", wrong.stream().collect(Collectors.joining("\n")));
    }
}
