package dev.toolspill.output;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.BlobId;
import dev.toolspill.text.Utf8;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * What the summarizer tests share: one blob id and its tag, the 400-byte cap they summarize under, the inputs they
 * build, and the checks every summary must pass (within the cap, valid UTF-8, a shown line whole or a marked prefix).
 */
final class SummaryFixtures {

    static final BlobId ID = new BlobId(UUID.fromString("01a228dc-415a-768d-a8d5-16a5235981af"));
    static final String TAG = "[blob:01a228dc-415a-768d-a8d5-16a5235981af]";
    static final int MAX = 400;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private SummaryFixtures() {
    }

    /** "line 1" ... "line n", each followed by the terminator except, optionally, the last. */
    static String numbered(int n, String terminator, boolean finalNewline) {
        String text = IntStream.rangeClosed(1, n).mapToObj(i -> "line " + i).collect(Collectors.joining(terminator));
        return finalNewline ? text + terminator : text;
    }

    static Content.Structured structured(String raw) throws IOException {
        return new Content.Structured(MAPPER.readTree(raw), raw);
    }

    static int bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    /** Key lines of a json_object summary: everything after the "── keys ──" rule but the "… +K more keys" line. */
    static long shownKeys(String summary) {
        List<String> lines = summary.lines().toList();
        return lines.subList(2, lines.size()).stream().filter(l -> !l.matches("… \\+\\d+ more keys")).count();
    }

    static long moreCount(String summary, String what) {
        Matcher matcher = Pattern.compile("\n… \\+(\\d+) more " + what + "$").matcher(summary);
        return matcher.find() ? Long.parseLong(matcher.group(1)) : 0;
    }

    static void assertValidSummary(String summary) {
        byte[] utf8 = summary.getBytes(StandardCharsets.UTF_8);
        assertTrue(utf8.length <= MAX, "summary is " + utf8.length + " bytes");
        try {
            assertEquals(summary, Utf8.decode(utf8));
        } catch (CharacterCodingException e) {
            fail("summary is not valid UTF-8", e);
        }
        assertTrue(summary.startsWith(TAG + " "), summary);
    }

    /** {@code shown} is {@code original} whole, or a prefix of it on a character boundary followed by the mark. */
    static void assertClippedFrom(String original, String shown) {
        if (shown.equals(original)) {
            return;
        }
        assertTrue(shown.endsWith("…"), () -> "changed but not marked: " + shown);
        String kept = shown.substring(0, shown.length() - 1);
        assertTrue(original.startsWith(kept), () -> "not a prefix: " + shown);
        assertFalse(!kept.isEmpty() && Character.isHighSurrogate(kept.charAt(kept.length() - 1)), "split surrogate pair");
    }
}
