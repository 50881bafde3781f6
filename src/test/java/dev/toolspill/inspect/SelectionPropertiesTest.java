package dev.toolspill.inspect;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.TestVertx;
import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.blob.fs.FsBlobStore;
import dev.toolspill.inspect.RandomBlobs.Json;
import dev.toolspill.inspect.RandomBlobs.Text;
import dev.toolspill.limit.HistoryLimit;
import dev.toolspill.limit.Limited;
import dev.toolspill.output.Summarizer;
import dev.toolspill.scan.BlobIndexer;
import dev.toolspill.scan.BlobKind;
import dev.toolspill.scan.Scan;
import dev.toolspill.scan.StreamScanner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * For random blobs and random selectors, against references computed here from the pieces the blobs were built of:
 * every selection is byte-exact, every answer stays within the limit, a selection that fits comes whole in one
 * answer, and following {@code next} from the first part rebuilds the whole selection. A selection that names
 * nothing is refused. Blobs are stored on the filesystem store, with a read index (indexing every 1 to 64 units)
 * or without one (scanned on first read). Selectors: {@code lines:}, {@code slice:}, {@code key:}, {@code bytes:},
 * {@code path:} (with pages of elements and keys at any depth) and {@code grep:} (literal, ignoring case, regex;
 * with context, max and from).
 *
 * <p>Plain JUnit over seeded {@link Random}s: try {@code t} of a property uses seed {@code base + t}, and a failure
 * names its seed; {@code -Dtoolspill.properties.seed=S -Dtoolspill.properties.tries=1} runs that one try again.
 */
class SelectionPropertiesTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Summarizer SUMMARIZER = new Summarizer(400, 5, 3);

    private static final long SEED = Long.getLong("toolspill.properties.seed", 20261130L);
    private static final int TRIES = Integer.getInteger("toolspill.properties.tries", 200);

    private static Path root;
    private static BlobStore store;

    @BeforeAll
    static void openStore() throws IOException {
        root = Files.createTempDirectory("selection-properties");
        store = new FsBlobStore(root, TestVertx.VERTX);
    }

    @AfterAll
    static void removeStore() throws IOException {
        try (var files = Files.walk(root)) {
            files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
        }
    }

    /** Runs {@code property} {@link #TRIES} times, each with its own seed, and names the seed of a failing try. */
    private static void forEachTry(Consumer<Random> property) {
        for (int t = 0; t < TRIES; t++) {
            long seed = SEED + t;
            try {
                property.accept(new Random(seed));
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError("failed with seed " + seed + " (again: -Dtoolspill.properties.seed=" + seed
                        + " -Dtoolspill.properties.tries=1): " + e.getMessage(), e);
            }
        }
    }

    /** Limits from the smallest that shows a useful part up to the default; mostly small, so selections are cut. */
    private static int limit(Random random) {
        int pick = random.nextInt(7);
        return pick < 4 ? 300 + random.nextInt(1201) : pick < 6 ? 1500 + random.nextInt(4501) : 16384;
    }

    @Test
    void textSelectionsAreExact() {
        forEachTry(random -> {
            Text text = RandomBlobs.text(random);
            int limit = limit(random);
            BlobId id = keep(text.bytes(), false, random);
            Inspector inspector = inspector(limit);
            int n = text.lines().size();
            for (int i = 0; i < 4; i++) {
                long from = 1 + random.nextInt(n + 1); // now and then one past the last line
                long to = random.nextInt(5) == 0 ? Long.MAX_VALUE : from + random.nextInt(Math.max(1, n / 2 + 3));
                String selector = "lines:" + from + "-" + (to == Long.MAX_VALUE ? "" : to);
                if (from > n) {
                    assertRefused(inspector, id, selector);
                    continue;
                }
                String expected = String.join("", text.lines().subList((int) from - 1, (int) Math.min(to, n)));
                assertSelection(inspector, id, selector, limit, expected, expected);
            }
            assertBytes(inspector, id, text.bytes(), limit, random);
            for (int i = 0; i < 2; i++) {
                assertGrepLines(inspector, id, text, limit, random);
            }
        });
    }

    @Test
    void jsonSelectionsAreExact() {
        forEachTry(random -> {
            Json doc = RandomBlobs.document(random);
            int limit = limit(random);
            byte[] bytes = doc.text().getBytes(StandardCharsets.UTF_8);
            BlobId id = keep(bytes, true, random);
            Inspector inspector = inspector(limit);
            if (doc.isArray()) {
                int n = doc.elements().size();
                long from = random.nextInt(n + 1);
                long to = random.nextInt(4) == 0 ? Long.MAX_VALUE : from + 1 + random.nextInt(Math.max(1, n));
                assertPage(inspector, id, "slice:" + from + ".." + (to == Long.MAX_VALUE ? "" : to), limit,
                        doc.elements().stream().map(Json::text).toList(), from, to);
                assertGrepEntries(inspector, id, doc, limit, random);
            } else if (!doc.members().isEmpty()) {
                String key = doc.members().get(random.nextInt(doc.members().size())).key();
                assertSelection(inspector, id, keySelector(key), limit, doc.valueOf(key).text(), null);
            }
            if (doc.isObject()) {
                assertRefused(inspector, id, keySelector("no such key"));
            }
            for (int i = 0; i < 4; i++) {
                assertPath(inspector, id, doc, limit, random);
            }
            assertBytes(inspector, id, bytes, limit, random);
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
            selector = "grep:" + quoted(piece);
            reference = Pattern.compile(Pattern.quote(piece));
        } else if (form == 1) {
            String folded = flipAsciiCase(piece, random);
            selector = "grep:" + quoted(folded) + "i";
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
                            java.util.function.IntPredicate matches, Text text) {
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
        String selector = "grep:" + quoted(literal) + (random.nextBoolean() ? " max:" + (1 + random.nextInt(4)) : "");
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

    /** A pointer reached by a random walk down the document, now and then one step past what exists; maybe a page. */
    private void assertPath(Inspector inspector, BlobId id, Json doc, int limit, Random random) {
        StringBuilder pointer = new StringBuilder();
        Json at = doc;
        while (at != null && random.nextInt(4) != 0) {
            if (!at.isArray() && !at.isObject() && random.nextInt(4) > 0) {
                break; // mostly stop at a scalar; now and then ask for something inside it
            }
            String token;
            if (at.isArray() && (at.elements().isEmpty() || random.nextInt(10) > 0)) {
                int index = random.nextInt(at.elements().size() + 1); // one past the end now and then
                token = String.valueOf(index);
                at = index < at.elements().size() ? at.elements().get(index) : null;
            } else if (at.isObject() && !at.members().isEmpty() && random.nextInt(10) > 0) {
                token = at.members().get(random.nextInt(at.members().size())).key();
                at = at.valueOf(token);
            } else {
                token = at.isArray() ? "x" : "nope";
                at = null;
            }
            pointer.append('/').append(token.replace("~", "~0").replace("/", "~1"));
        }
        String written = pointer.toString().chars().anyMatch(Character::isWhitespace) || random.nextInt(5) == 0
                ? quoted(pointer.toString()) : pointer.toString();
        if (at == null) {
            assertRefused(inspector, id, "path:" + written);
        } else if (random.nextBoolean() && (at.isArray() || at.isObject())) {
            boolean keys = at.isObject() != (random.nextInt(8) == 0); // the wrong page for the kind now and then
            List<String> units = at.isArray() ? at.elements().stream().map(Json::text).toList()
                    : at.members().stream().map(RandomBlobs.Member::text).toList();
            long from = random.nextInt(units.size() + 1);
            long to = random.nextInt(4) == 0 ? Long.MAX_VALUE : from + 1 + random.nextInt(Math.max(1, units.size()));
            String page = "path:" + written + " " + (keys ? "keys:" : "slice:") + from + ".." + (to == Long.MAX_VALUE ? "" : to);
            if (keys != at.isObject()) {
                assertRefused(inspector, id, page);
            } else {
                assertPage(inspector, id, page, limit, units, from, to);
            }
        } else {
            assertSelection(inspector, id, "path:" + written, limit, at.text(), null);
        }
    }

    /** Elements or members {@code from..to-1} of {@code units}, written {@code [a,b]} or {@code {a,b}}. */
    private void assertPage(Inspector inspector, BlobId id, String selector, int limit, List<String> units, long from, long to) {
        if (from >= units.size()) {
            assertRefused(inspector, id, selector);
            return;
        }
        List<String> expected = units.subList((int) from, (int) Math.min(to, units.size()));
        boolean object = selector.contains(" keys:");
        String whole = (object ? "{" : "[") + String.join(",", expected) + (object ? "}" : "]");
        Limited first = inspect(inspector, id, selector);
        if (fits(whole, limit)) {
            assertEquals(new Limited(whole, 0, null), first, selector + ": a page that fits comes whole");
        }
        assertEquals(expected, NextParts.units(NextParts.follow(inspector, id, selector, limit)), selector + " at limit " + limit);
    }

    /** Random byte ranges of any blob: each end inside a character moves on to the next character's first byte. */
    private void assertBytes(Inspector inspector, BlobId id, byte[] bytes, int limit, Random random) {
        for (int i = 0; i < 3; i++) {
            long from = random.nextInt(bytes.length + 1);
            long to = random.nextInt(5) == 0 ? Long.MAX_VALUE : from + 1 + random.nextInt(random.nextBoolean() ? 40 : bytes.length + 10);
            String selector = "bytes:" + from + ".." + (to == Long.MAX_VALUE ? "" : to);
            if (from >= bytes.length) {
                assertRefused(inspector, id, selector);
                continue;
            }
            int start = onward(bytes, (int) from);
            int end = onward(bytes, (int) Math.min(to, bytes.length));
            String expected = new String(bytes, start, end - start, StandardCharsets.UTF_8);
            boolean moved = start != from || (to < bytes.length && end != to);
            boolean clipped = to != Long.MAX_VALUE && to > bytes.length;
            String note = moved || clipped ? "\n[bytes " + start + ".." + end + " of " + bytes.length
                    + (moved ? ": an end inside a character moved to the next character" : "") + "]" : "";
            assertSelection(inspector, id, selector, limit, expected, expected + note);
        }
    }

    /** Where the character that holds byte {@code at} ends: {@code at} itself unless it is a continuation byte. */
    private static int onward(byte[] bytes, int at) {
        while (at < bytes.length && (bytes[at] & 0xC0) == 0x80) {
            at++;
        }
        return at;
    }

    /**
     * One selection: when {@code whole} (the complete answer, null for "just the bytes") fits the limit it comes as one
     * answer; in any case every part fits and the parts joined are {@code expected}.
     */
    private void assertSelection(Inspector inspector, BlobId id, String selector, int limit, String expected, String whole) {
        Limited first = inspect(inspector, id, selector);
        String complete = whole == null ? expected : whole;
        if (fits(complete, limit)) {
            assertEquals(new Limited(complete, 0, null), first, selector + ": a selection that fits comes whole");
            return;
        }
        assertTrue(first.truncated() || first.next() != null, selector + " is over the limit, so it is cut or reads on");
        assertEquals(expected, NextParts.joined(NextParts.follow(inspector, id, selector, limit)), selector + " at limit " + limit);
    }

    private static boolean fits(String text, int limit) {
        return text.getBytes(StandardCharsets.UTF_8).length <= limit;
    }

    private static void assertRefused(Inspector inspector, BlobId id, String selector) {
        assertThrows(InvalidSelectorException.class, () -> inspect(inspector, id, selector), selector + " names nothing");
    }

    private static Limited inspect(Inspector inspector, BlobId id, String selector) {
        return inspector.inspect(id, Selector.parse(selector)).await().atMost(Duration.ofSeconds(30));
    }

    private static String keySelector(String key) {
        boolean literal = !key.isEmpty() && key.equals(key.strip()) && !key.startsWith("\"");
        return "key:" + (literal ? key : quoted(key));
    }

    private static String quoted(String text) {
        try {
            return MAPPER.writeValueAsString(text);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Inspector inspector(int limit) {
        return new Inspector(store, indexer(), SUMMARIZER, new HistoryLimit(limit, Map.of()));
    }

    private static BlobIndexer indexer() {
        return new BlobIndexer(store, SUMMARIZER.settings(), MAPPER, 32 << 20);
    }

    /**
     * Stores {@code bytes} as a tool output would be: streamed in random chunks through the scanner, with a read index
     * that notes every 1 to 64 units; or, one time in four, without an index, so the first read scans the blob.
     */
    private static BlobId keep(byte[] bytes, boolean json, Random random) {
        BlobId id = BlobId.random();
        try {
            StreamScanner scanner = new StreamScanner(SUMMARIZER.settings(), json, 1 + random.nextInt(64));
            BlobUpload upload = store.upload(id, json ? BlobFormat.JSON : BlobFormat.TEXT);
            for (int pos = 0; pos < bytes.length; ) {
                int n = Math.min(1 + random.nextInt(4096), bytes.length - pos);
                scanner.feed(bytes, pos, n);
                upload.write(bytes, pos, n);
                pos += n;
            }
            Scan scan = scanner.finish();
            assertEquals(json, scan.kind() != BlobKind.TEXT, "the blob is stored as the kind it was made as");
            upload.commit(scan.kind().format());
            if (random.nextInt(4) > 0) {
                indexer().keep(id, scan.index()).await().atMost(Duration.ofSeconds(30));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return id;
    }
}
