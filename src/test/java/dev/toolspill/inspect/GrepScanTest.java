package dev.toolspill.inspect;

import dev.toolspill.inspect.render.GrepPage;

import dev.toolspill.inspect.selector.Selector;
import dev.toolspill.inspect.grep.GrepScan;
import dev.toolspill.inspect.grep.UnitMatcher;
import dev.toolspill.limit.Limited;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The search itself, without a store: a text fed in chunks of random sizes (so lines, characters and the pattern are
 * cut everywhere), pages followed through {@code next} as a program would, and the matches compared with a reference
 * computed line by line with {@link String#contains} or {@link Pattern}.
 */
class GrepScanTest {

    /** What a grep of the whole text shows: {@code N: line} for every matching line, in order. */
    static List<String> reference(String text, Pattern regex, String literal, boolean ignoreCase) {
        List<String> lines = linesOf(text);
        List<String> matches = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            boolean hit = regex != null ? regex.matcher(line).find()
                    : ignoreCase ? line.toLowerCase(java.util.Locale.ROOT).contains(literal.toLowerCase(java.util.Locale.ROOT))
                    : line.contains(literal);
            if (hit) {
                matches.add((i + 1) + ": " + line);
            }
        }
        return matches;
    }

    /** Lines as grep shows them: without {@code \n} or {@code \r\n}; an unterminated last line as it is. */
    static List<String> linesOf(String text) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        while (start < text.length()) {
            int nl = text.indexOf('\n', start);
            if (nl < 0) {
                lines.add(text.substring(start));
                break;
            }
            lines.add(text.substring(start, nl > start && text.charAt(nl - 1) == '\r' ? nl - 1 : nl));
            start = nl + 1;
        }
        return lines;
    }

    /** Every part of {@code selector} over {@code text}, each fed in random chunks: the matches, the context and the parts. */
    static List<Limited> follow(String text, String selector, int limit, Random random) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        long[] starts = lineStarts(bytes);
        long lines = linesOf(text).size();
        List<Limited> parts = new ArrayList<>();
        String current = selector;
        while (current != null && parts.size() < 10_000) {
            Selector parsed = Selector.parse(current);
            Limited part;
            if (parsed instanceof Selector.Bytes rest) {
                String shown = new String(Arrays.copyOfRange(bytes, (int) rest.from(), (int) rest.to()), StandardCharsets.UTF_8);
                part = new Limited(shown + (rest.then() == null ? "" : "\n[next part: " + rest.then() + "]"), 0,
                        rest.then() == null ? null : rest.then().toString());
            } else {
                part = page(bytes, starts, lines, (Selector.Grep) parsed, limit, random);
            }
            assertTrue(part.text().getBytes(StandardCharsets.UTF_8).length <= limit || parsed instanceof Selector.Bytes,
                    current + " stays within the limit: " + part.text());
            parts.add(part);
            current = part.next();
        }
        assertTrue(parts.size() < 10_000, "the parts come to an end");
        return parts;
    }

    private static Limited page(byte[] bytes, long[] starts, long lines, Selector.Grep grep, int limit, Random random) {
        long from = grep.from() < 0 ? 1 : grep.from();
        long startLine = Math.max(1, from - grep.context());
        GrepPage page = new GrepPage(grep, true, limit, from, lines, bytes.length, limit + 8);
        int window = limit < 1000 ? 4 * (limit + 8) : 65536; // a small limit: lines of a few KiB are searched part by part
        UnitMatcher matcher = UnitMatcher.of(grep.pattern(), grep.regex(), grep.ignoreCase(), window);
        int start = (int) starts[(int) startLine - 1];
        GrepScan scan = new GrepScan(GrepScan.Units.LINES, matcher, grep.context() == 0, page, start, startLine, from, limit + 8, window);
        int at = start;
        while (at < bytes.length) {
            int n = Math.min(bytes.length - at, 1 + random.nextInt(random.nextBoolean() ? 7 : 3000));
            if (scan.feed(bytes, at, n)) {
                return page.answer();
            }
            at += n;
        }
        scan.end();
        return page.answer();
    }

    private static long[] lineStarts(byte[] bytes) {
        List<Long> starts = new ArrayList<>(List.of(0L));
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n' && i + 1 < bytes.length) {
                starts.add(i + 1L);
            }
        }
        return starts.stream().mapToLong(Long::longValue).toArray();
    }

    /** The matching lines the parts show, put back together: a line cut by a part goes on in the bytes: part after it. */
    static List<String> matches(List<Limited> parts) {
        List<String> lines = new ArrayList<>();
        boolean continuing = false;
        for (Limited part : parts) {
            String text = part.text();
            int marker = text.lastIndexOf("\n[");
            String content = marker >= 0 ? text.substring(0, marker) : text.startsWith("[") ? "" : text;
            if (continuing) {
                lines.set(lines.size() - 1, lines.get(lines.size() - 1) + content);
            } else if (!content.isEmpty()) {
                lines.addAll(List.of(content.split("\n", -1)));
            }
            continuing = part.next() != null && part.next().startsWith("bytes:");
        }
        return lines.stream().filter(line -> line.matches("\\d+: (?s).*")).toList();
    }

    private static String sampleText(Random random, int lines) {
        String[] words = {"alpha", "Timeout", "timeout", "time out", "timed out", "ü", "😀", "日本", "error", "ok", "TIMEOUT", "x"};
        return IntStream.range(0, lines).mapToObj(i -> {
            int n = i % 97 == 13 ? 400 + random.nextInt(3000) : random.nextInt(12);
            String line = IntStream.range(0, n).mapToObj(k -> words[random.nextInt(words.length)]).collect(Collectors.joining(" "));
            return line + (i % 5 == 0 ? "\r\n" : "\n");
        }).collect(Collectors.joining()) + (random.nextBoolean() ? "last timeout, unterminated" : "");
    }

    @Test
    void everyMatchComesOnceInOrderWhateverTheChunks() {
        Random random = new Random(1);
        for (int round = 0; round < 6; round++) {
            String text = sampleText(random, 600);
            for (int limit : new int[] {16384, 2000, 300}) {
                assertEquals(reference(text, null, "timeout", false), matches(follow(text, "grep:timeout", limit, random)), "literal at " + limit);
                assertEquals(reference(text, null, "timeout", true), matches(follow(text, "grep:\"timeout\"i", limit, random)), "folded at " + limit);
                assertEquals(reference(text, null, "日本 😀", false), matches(follow(text, "grep:日本 😀", limit, random)), "multi-byte at " + limit);
                Pattern regex = Pattern.compile("time(d )?out$", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
                assertEquals(reference(text, regex, null, false), matches(follow(text, "grep:/time(d )?out$/i", limit, random)), "regex at " + limit);
                assertEquals(reference(text, null, "timeout", false), matches(follow(text, "grep:timeout context:2", limit, random)), "context at " + limit);
                assertEquals(reference(text, null, "timeout", false), matches(follow(text, "grep:timeout max:3", limit, random)), "max at " + limit);
            }
        }
    }

    @Test
    void aMatchInALineLongerThanTheWindowIsFoundAndShownCut() {
        String filler = "abc ".repeat(100_000);
        String text = "first\n" + filler + "needle" + filler + "\nthird needle\n^anchor\n" + "y".repeat(200_000) + "^anchor\n";
        List<Limited> parts = follow(text, "grep:needle", 1000, new Random(3));
        assertTrue(parts.get(0).text().startsWith("2: abc abc"), parts.get(0).text());
        assertTrue(parts.get(0).text().contains("line 2 alone is 800006 bytes; next part: bytes:"), parts.get(0).text());
        assertTrue(parts.get(0).next().startsWith("bytes:") && parts.get(0).next().endsWith("..800012 then grep:needle from:3"),
                parts.get(0).next());
        assertEquals(reference(text, null, "needle", false), matches(parts));
        assertEquals(List.of("4: ^anchor"), matches(follow(text, "grep:/^\\^anchor/", 1000, new Random(4))),
                "^ holds at the start of a line only, not at a cut inside a long one");
        assertEquals(List.of("4: ^anchor"), matches(follow(text, "grep:/^.anchor$/", 16384, new Random(5))));
    }

    @Test
    void contextLinesSurroundEachMatch() {
        String text = IntStream.rangeClosed(1, 30).mapToObj(i -> "line " + i + (i == 10 || i == 12 || i == 25 ? " hit" : "") + "\n")
                .collect(Collectors.joining());
        Limited answer = follow(text, "grep:hit context:1", 16384, new Random(6)).get(0);
        assertEquals("9- line 9\n10: line 10 hit\n11- line 11\n12: line 12 hit\n13- line 13\n--\n24- line 24\n25: line 25 hit\n"
                + "26- line 26\n[3 matches in lines 1-30]", answer.text());
        Limited from = follow(text, "grep:hit context:2 from:12", 16384, new Random(7)).get(0);
        assertTrue(from.text().startsWith("10- line 10 hit\n11- line 11\n12: line 12 hit\n"), "a line before from: is context only: " + from.text());
        Limited capped = follow(text, "grep:hit max:1", 16384, new Random(8)).get(0);
        assertEquals("10: line 10 hit\n[1 match in lines 1-11, max:1 reached; next part: grep:hit max:1 from:12]", capped.text());
        assertEquals("grep:hit max:1 from:12", capped.next());
    }

    @Test
    void aRegexThatWouldBacktrackCatastrophicallyAnswers() {
        String text = "fine\n" + "1,".repeat(30) + "\n";
        // Nested unbounded repeats: about n^11 steps on a line without a P for a backtracking matcher; RE2/J's are linear.
        assertEquals("[no matches in lines 1-2]", follow(text, "grep:/(.*,){11}P/", 16384, new Random(9)).get(0).text());
        assertEquals("[no matches in lines 1-2]", follow(text, "grep:/(\\d,){11}P/", 16384, new Random(9)).get(0).text());
        assertEquals(List.of("2: " + "1,".repeat(30) + "P"), matches(follow(text.strip() + "P\n", "grep:/(.*,){11}P/", 16384, new Random(9))));
    }
}
