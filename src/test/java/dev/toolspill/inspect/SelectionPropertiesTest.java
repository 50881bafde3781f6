package dev.toolspill.inspect;

import dev.toolspill.ParallelSafe;
import dev.toolspill.inspect.selector.Selector;
import dev.toolspill.inspect.selector.InvalidSelectorException;
import dev.toolspill.blob.BlobAccess;
import dev.toolspill.tenant.Caller;
import dev.toolspill.blob.BlobId;
import dev.toolspill.inspect.RandomBlobs.Json;
import dev.toolspill.inspect.RandomBlobs.Text;
import dev.toolspill.limit.Limited;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * For random blobs and random selectors, against references computed here from the pieces the blobs were built of:
 * every selection is byte-exact, every answer stays within the limit, a selection that fits comes whole in one
 * answer, and following {@code next} from the first part rebuilds the whole selection. A selection that names
 * nothing is refused. Blobs are stored on the filesystem store, with a read index (indexing every 1 to 64 units)
 * or without one (scanned on first read). Selectors: {@code lines:}, {@code slice:}, {@code key:}, {@code bytes:},
 * {@code path:} (with pages of elements and keys at any depth); {@code grep:} is in {@link GrepPropertiesTest}.
 * Plain JUnit over seeded {@link Random}s (see {@link PropertyRuns}: a failure names its seed).
 */
@ParallelSafe
class SelectionPropertiesTest {

    private static final PropertyRuns RUNS = new PropertyRuns();

    @BeforeAll
    static void openStore() throws IOException {
        RUNS.open("selection-properties");
    }

    @AfterAll
    static void removeStore() throws IOException {
        RUNS.close();
    }

    @Test
    void textSelectionsAreExact() {
        RUNS.forEachTry(random -> {
            Text text = RandomBlobs.text(random);
            int limit = PropertyRuns.limit(random);
            BlobId id = RUNS.keep(text.bytes(), false, random);
            Inspector inspector = RUNS.inspector(limit);
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
        });
    }

    @Test
    void jsonSelectionsAreExact() {
        RUNS.forEachTry(random -> {
            Json doc = RandomBlobs.document(random);
            int limit = PropertyRuns.limit(random);
            byte[] bytes = doc.text().getBytes(StandardCharsets.UTF_8);
            BlobId id = RUNS.keep(bytes, true, random);
            Inspector inspector = RUNS.inspector(limit);
            if (doc.isArray()) {
                int n = doc.elements().size();
                long from = random.nextInt(n + 1);
                long to = random.nextInt(4) == 0 ? Long.MAX_VALUE : from + 1 + random.nextInt(Math.max(1, n));
                assertPage(inspector, id, "slice:" + from + ".." + (to == Long.MAX_VALUE ? "" : to), limit,
                        doc.elements().stream().map(Json::text).toList(), from, to);
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
                ? PropertyRuns.quoted(pointer.toString()) : pointer.toString();
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
        return inspector.inspect(Caller.ANYONE, id, Selector.parse(selector)).await().atMost(Duration.ofSeconds(30));
    }

    private static String keySelector(String key) {
        boolean literal = !key.isEmpty() && key.equals(key.strip()) && !key.startsWith("\"");
        return "key:" + (literal ? key : PropertyRuns.quoted(key));
    }

}
