package dev.toolspill.inspect;

import dev.toolspill.inspect.read.InspectSettings;

import dev.toolspill.inspect.selector.Selector;
import dev.toolspill.Depth;
import dev.toolspill.blob.BlobAccess;
import dev.toolspill.tenant.Caller;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.limit.Limited;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code grep:} through the inspector on a real store: the same answers with a read index and without one, every
 * match exactly once when following {@code next} (checked against a reference computed here), JSON array entries
 * with their indexes, lines longer than a page, and the messages for what cannot be searched.
 */
public abstract class GrepInspectContractTest {

    protected abstract BlobStore store();

    /** How many lines {@link #followingNextGivesEveryMatchExactlyOnce} follows: 400 in {@code ./mvnw verify}, 3,000 deep. */
    protected int followedLines() {
        return Depth.of(400, 3000);
    }

    private BlobId[] twins(String text, boolean json) throws Exception {
        return StoredTwins.store(store(), text, json);
    }

    private Inspector inspector(int limit, InspectSettings settings) {
        return StoredTwins.inspector(store(), limit, settings);
    }

    private Inspector inspector(int limit) {
        return inspector(limit, InspectSettings.DEFAULT);
    }

    private static String answer(Inspector inspector, BlobId id, String selector) {
        return StoredTwins.answer(inspector, id, selector);
    }

    /** The parts of a grep joined as a program would: each without its last line, a cut unit joined with its bytes: parts. */
    static String joined(List<NextParts.Part> parts) {
        StringBuilder all = new StringBuilder();
        boolean continuing = false;
        for (NextParts.Part part : parts) {
            String text = part.answer().text();
            String content = part.selector().startsWith("bytes:") ? part.content()
                    : text.lastIndexOf("\n[") >= 0 ? text.substring(0, text.lastIndexOf("\n[")) : text.startsWith("[") ? "" : text;
            all.append(continuing || all.isEmpty() || content.isEmpty() ? "" : "\n").append(content);
            continuing = part.answer().next() != null && part.answer().next().startsWith("bytes:");
        }
        return all.toString();
    }

    private static String text(Random random, int lines) {
        String[] words = {"GET", "POST", "timeout", "Timeout", "ok", "é", "😀", "user=42", "status=500", "status=200"};
        return IntStream.rangeClosed(1, lines).mapToObj(i -> {
            int n = i % 150 == 7 ? 3000 : random.nextInt(10);
            return i + " " + IntStream.range(0, n).mapToObj(k -> words[random.nextInt(words.length)]).collect(Collectors.joining(" "))
                    + (i % 4 == 0 ? "\r\n" : "\n");
        }).collect(Collectors.joining());
    }

    @Test
    void grepReadsTheSameWithAndWithoutAnIndex() throws Exception {
        String text = text(new Random(21), 700);
        BlobId[] ids = twins(text, false);
        List<String> selectors = List.of("grep:timeout", "grep:\"TIMEOUT\"i", "grep:/status=5\\d\\d$/", "grep:timeout context:2",
                "grep:user=42 max:3", "grep:timeout from:350", "grep:timeout context:3 from:351", "grep:nothing-here", "grep:/^7\\d /",
                "grep:timeout from:701", "grep:/(/", "grep:\"😀 é\"i");
        for (int limit : new int[] {16384, 300, 128}) {
            for (String selector : selectors) {
                String indexed = answer(inspector(limit), ids[0], selector);
                assertEquals(answer(inspector(limit), ids[1], selector), indexed, selector + " at limit " + limit);
                assertTrue(indexed.startsWith("error: ") || indexed.getBytes(StandardCharsets.UTF_8).length <= limit, selector);
            }
        }
    }

    /**
     * {@link #followedLines} lines, three of them (7, 157, 307) longer than either limit, so cut lines and their
     * {@code bytes:} parts are followed too. On S3 each part is a ranged read.
     */
    @Test
    void followingNextGivesEveryMatchExactlyOnce() throws Exception {
        String text = text(new Random(22), followedLines());
        Pattern regex = Pattern.compile("status=5\\d\\d( |$)");
        for (BlobId id : twins(text, false)) {
            for (int limit : new int[] {16384, 1000}) {
                assertEquals(GrepScanTest.reference(text, null, "timeout", false),
                        GrepScanTest.matches(answers(NextParts.follow(inspector(limit), id, "grep:timeout", limit))), "literal at " + limit);
                assertEquals(GrepScanTest.reference(text, null, "timeout", true),
                        GrepScanTest.matches(answers(NextParts.follow(inspector(limit), id, "grep:\"timeout\"i context:1", limit))));
                assertEquals(GrepScanTest.reference(text, regex, null, false),
                        GrepScanTest.matches(answers(NextParts.follow(inspector(limit), id, "grep:/status=5\\d\\d( |$)/ max:7", limit))));
            }
        }
    }

    /** The parts' answers as the scan test reads them: a bytes: part's own marker is not part of the line. */
    private static List<Limited> answers(List<NextParts.Part> parts) {
        List<Limited> answers = new ArrayList<>();
        for (NextParts.Part part : parts) {
            boolean bytes = part.selector().startsWith("bytes:");
            answers.add(bytes ? new Limited(part.content() + (part.answer().next() == null ? "" : "\n[next]"), 0, part.answer().next())
                    : part.answer());
        }
        return answers;
    }

    @Test
    void arrayEntriesMatchWithTheirIndexes() throws Exception {
        List<String> elements = TestDocuments.elements(new Random(23), 300);
        String json = TestDocuments.array(new Random(24), elements);
        for (BlobId id : twins(json, true)) {
            for (int limit : new int[] {16384, 300}) {
                for (String literal : List.of("ñame", "deep", "日本😀", "]\"")) {
                    String expected = IntStream.range(0, elements.size()).filter(i -> elements.get(i).contains(literal))
                            .mapToObj(i -> i + ": " + elements.get(i)).collect(Collectors.joining("\n"));
                    assertEquals(expected, joined(NextParts.follow(inspector(limit), id, "grep:\"" + literal.replace("\"", "\\\"") + "\"", limit)),
                            literal + " at " + limit);
                }
            }
            assertEquals("6: {\"id\": 6, \"name\": \"ñame-6\", \"tags\": [\"a\", \"b\"]}\n[1 match in entries 0-299]",
                    answer(inspector(16384), id, "grep:/\"id\": 6,/"));
            assertEquals("12: {\"id\": 12, \"name\": \"ñame-12\", \"tags\": [\"a\", \"b\"]}\n[1 match in entries 10-17, max:1 reached; "
                    + "next part: grep:ñame max:1 from:18]", answer(inspector(16384), id, "grep:ñame max:1 from:10"));
        }
    }

    @Test
    void aLineLongerThanTheLimitIsCutAndReadsOnWithBytes() throws Exception {
        String huge = "x".repeat(150_000) + " needle " + "é".repeat(100_000);
        String text = "needle one\n" + huge + "\nno\nneedle three\n";
        for (BlobId id : twins(text, false)) {
            List<NextParts.Part> parts = NextParts.follow(inspector(16384), id, "grep:needle from:2", 16384);
            Limited first = parts.get(0).answer();
            assertTrue(first.text().startsWith("2: xxxx"), first.text().substring(0, 20));
            assertTrue(first.text().contains("\n[truncated: ") && first.text().contains(" line 2 alone is 350008 bytes; next part: bytes:"));
            assertTrue(first.next().endsWith("..350019 then grep:needle from:4"), first.next());
            assertTrue(first.truncated(), "a line shown cut is a cut");
            assertEquals("2: " + huge + "\n4: needle three", joined(parts));
        }
    }

    @Test
    void whatCannotBeSearchedSaysWhatWould() throws Exception {
        BlobId text = twins("a\nb\n".repeat(300), false)[0];
        BlobId object = twins(TestDocuments.object(3).json(), true)[0];
        Inspector inspector = inspector(16384, new InspectSettings(20, 1000, 1 << 20));
        assertTrue(answer(inspector, object, "grep:x").startsWith("error: selector 'grep:x' does not apply to blob <id>, a json_object"
                + " with 6 keys (grep: searches the lines of a text or the entries of a JSON array): use key:NAME"), answer(inspector, object, "grep:x"));
        assertEquals("error: 'grep:/(a/' is not a valid regular expression (Unclosed group at index 2): write Java regex syntax, "
                + "e.g. grep:/time(d )?out/i, or search for the text as it is with grep:\"TEXT\"", answer(inspector, text, "grep:/(a/"));
        assertEquals("error: blob <id> has 600 lines (1..600), so 'grep:a from:601' starts past its end: use from:N with 1 <= N <= 600",
                answer(inspector, text, "grep:a from:601"));
        assertTrue(answer(inspector, text, "grep:" + "a".repeat(21)).startsWith("error: the pattern of 'grep:aaaa"));
        assertTrue(answer(inspector, text, "grep:" + "a".repeat(21)).endsWith(" is 21 characters long; at most 20 are accepted: "
                + "search for a shorter, distinctive part of it"));
        // patterns a backtracking matcher gives up on (n^11 steps; a recursion per repetition) answer in linear time
        BlobId costly = twins("ok\n" + "1,".repeat(40) + "\n", false)[0];
        assertEquals("[no matches in lines 1-2]", answer(inspector, costly, "grep:/(.*,){11}P/"));
        BlobId deep = twins("ok\n" + "a".repeat(100_000) + "b\n", false)[0];
        assertEquals("[no matches in lines 1-2]", answer(inspector, deep, "grep:/(a|aa)+c/"));
        assertEquals("error: 'grep:/(a)\\1/' uses what linear-time matching does not have (invalid escape sequence): back "
                + "references, lookaround, possessive quantifiers and atomic groups are not supported; write Java regex syntax, "
                + "e.g. grep:/time(d )?out/i, or search for the text as it is with grep:\"TEXT\"", answer(inspector, text, "grep:/(a)\\1/"));
        Limited none = inspector.inspect(Caller.ANYONE, text, Selector.parse("grep:zzz")).await().atMost(Duration.ofSeconds(30));
        assertEquals("[no matches in lines 1-600]", none.text());
        assertNull(none.next());
    }
}
