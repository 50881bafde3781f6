package dev.toolspill.inspect;

import dev.toolspill.ParallelSafe;
import dev.toolspill.blob.BlobId;
import dev.toolspill.inspect.RandomBlobs.Json;
import dev.toolspill.inspect.RandomBlobs.Text;
import dev.toolspill.limit.Limited;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.IntPredicate;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code grep:} over random blobs, against searches done here from the pieces the blobs were built of: a text's lines
 * and a JSON array's entries as stored. Following {@code next} from the first part shows every match once, in order,
 * whole (a match longer than a page goes on in the {@code bytes:} part after it), each part within the limit; for
 * literals, literals ignoring case and regexes, with and without context, max and from, on blobs with and without a
 * read index.
 */
@ParallelSafe
class GrepPropertiesTest {

    private static final PropertyRuns RUNS = new PropertyRuns();

    @BeforeAll
    static void openStore() throws IOException {
        RUNS.open("grep-properties");
    }

    @AfterAll
    static void removeStore() throws IOException {
        RUNS.close();
    }

    @Test
    void grepOfATextShowsEveryMatchingLine() {
        RUNS.forEachTry(random -> {
            Text text = RandomBlobs.text(random);
            int limit = PropertyRuns.limit(random);
            BlobId id = RUNS.keep(text.bytes(), false, random);
            Inspector inspector = RUNS.inspector(limit);
            for (int i = 0; i < 3; i++) {
                assertGrepLines(inspector, id, text, limit, random);
            }
        });
    }

    @Test
    void grepOfAJsonArrayShowsEveryMatchingEntry() {
        RUNS.forEachTry(random -> {
            Json doc = RandomBlobs.array(random, 3);
            int limit = PropertyRuns.limit(random);
            BlobId id = RUNS.keep(doc.text().getBytes(java.nio.charset.StandardCharsets.UTF_8), true, random);
            Inspector inspector = RUNS.inspector(limit);
            for (int i = 0; i < 2; i++) {
                assertGrepEntries(inspector, id, doc, limit, random);
            }
        });
    }

    /**
     * A grep of a text for a piece of one of its lines (as a literal, ignoring case, or as a regex), maybe with context,
     * max and from: the matching lines, each once and in order, as {@code N: line}, against a search done here line by
     * line.
     */
    private void assertGrepLines(Inspector inspector, BlobId id, Text text, int limit, Random random) {
        int n = text.lines().size();
        String piece = piece(text.shown(1 + random.nextInt(n)), random);
        int form = random.nextInt(3);
        String selector;
        Pattern reference;
        if (form == 0) {
            selector = "grep:" + PropertyRuns.quoted(piece);
            reference = Pattern.compile(Pattern.quote(piece));
        } else if (form == 1) {
            String folded = flipAsciiCase(piece, random);
            selector = "grep:" + PropertyRuns.quoted(folded) + "i";
            reference = Pattern.compile(Pattern.quote(piece.toLowerCase(Locale.ROOT)));
            String[] lower = IntStream.rangeClosed(1, n).mapToObj(k -> text.shown(k).toLowerCase(Locale.ROOT)).toArray(String[]::new);
            assertGrep(inspector, id, selector, limit, random, n, k -> reference.matcher(lower[k - 1]).find(), text);
            return;
        } else {
            // a regex: the line's number anchored at the start, or the piece quoted
            String regex = random.nextBoolean() ? "^line \\d*" + random.nextInt(10) + " " : "\\Q" + piece + "\\E";
            selector = "grep:/" + regex + "/";
            reference = Pattern.compile(regex);
        }
        assertGrep(inspector, id, selector, limit, random, n, k -> reference.matcher(text.shown(k)).find(), text);
    }

    private void assertGrep(Inspector inspector, BlobId id, String selector, int limit, Random random, int n,
                            IntPredicate matches, Text text) {
        long from = random.nextInt(3) == 0 ? 1 + random.nextInt(n) : 1;
        String options = (random.nextInt(3) == 0 ? " context:" + random.nextInt(3) : "")
                + (random.nextInt(3) == 0 ? " max:" + (1 + random.nextInt(5)) : "")
                + (from > 1 ? " from:" + from : "");
        List<String> expected = IntStream.rangeClosed((int) from, n).filter(matches)
                .mapToObj(k -> k + ": " + text.shown(k)).toList();
        List<String> shown = GrepScanTest.matches(grepAnswers(NextParts.follow(inspector, id, selector + options, limit)));
        assertEquals(expected, shown, selector + options + " at limit " + limit);
    }

    /** A grep of a JSON array for a piece of one entry: the matching entries as {@code I: entry}, as stored. */
    private void assertGrepEntries(Inspector inspector, BlobId id, Json doc, int limit, Random random) {
        List<Json> entries = doc.elements();
        if (entries.isEmpty()) {
            return;
        }
        String piece = piece(entries.get(random.nextInt(entries.size())).text(), random);
        if (piece.contains("\n") || piece.contains("\r")) {
            piece = "e"; // a line break is not a pattern
        }
        String literal = piece;
        String expected = IntStream.range(0, entries.size()).filter(i -> entries.get(i).text().contains(literal))
                .mapToObj(i -> i + ": " + entries.get(i).text()).collect(Collectors.joining("\n"));
        String selector = "grep:" + PropertyRuns.quoted(literal) + (random.nextBoolean() ? " max:" + (1 + random.nextInt(4)) : "");
        assertEquals(expected, GrepInspectContractTest.joined(NextParts.follow(inspector, id, selector, limit)),
                selector + " at limit " + limit);
    }

    /** Up to 6 characters of {@code line} from a random place; its first character when it is that short. */
    private static String piece(String line, Random random) {
        int[] points = line.codePoints().toArray();
        if (points.length == 0) {
            return "line";
        }
        int start = random.nextInt(points.length);
        int end = Math.min(points.length, start + 1 + random.nextInt(6));
        return new String(points, start, end - start);
    }

    private static String flipAsciiCase(String text, Random random) {
        StringBuilder out = new StringBuilder();
        text.chars().forEach(c -> out.append((char) (c < 128 && random.nextBoolean() ? Character.toUpperCase(c) : c)));
        return out.toString();
    }

    /**
     * The parts as GrepScanTest reads them: a bytes: part (the rest of a cut line) is its bytes and a marker line, so
     * bytes that happen to start with {@code [} are not taken for a marker.
     */
    private static List<Limited> grepAnswers(List<NextParts.Part> parts) {
        List<Limited> answers = new ArrayList<>();
        for (NextParts.Part part : parts) {
            boolean bytes = part.selector().startsWith("bytes:");
            answers.add(bytes ? new Limited(part.content() + "\n[end of the bytes]", 0, part.answer().next())
                    : part.answer());
        }
        return answers;
    }
}
