package dev.toolspill.redact;

import dev.toolspill.ParallelSafe;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The prefilter reads only where its stride filter says a literal may start: it must still report every occurrence of
 * every literal that a plain look at every position finds, wherever it is (at the window's edges, at either parity,
 * overlapping another, in any case); where the bytes hold an escape, that escape (the first) is the one hit.
 */
@ParallelSafe
class RedactPrefilterTest {

    private static final List<String> ESCAPES = List.of("\\u", "\\/", "\\\"");
    private static final String NOISE = " abcdefghijklmnopqrstuvwxyzAKIA_-.:/\"'=3\n\\\\u"; // the last 3: escapes, in half the rounds

    @Test
    void theSkipFindsWhatALookAtEveryPositionFinds() {
        List<List<String>> literals = RuleSet.shipped().stream().map(Rule::literals).toList();
        List<String> all = literals.stream().flatMap(List::stream).toList();
        Prefilter prefilter = new Prefilter(literals);
        Random random = new Random(26);
        for (int round = 0; round < 20_000; round++) {
            byte[] bytes = text(all, random, random.nextInt(round % 10 == 0 ? 2000 : 40), round % 2 == 0);
            int from = random.nextInt(Math.min(6, bytes.length) + 1);
            int to = bytes.length - random.nextInt(Math.min(3, bytes.length - from) + 1);
            List<Prefilter.Hit> expected = everyPosition(literals, bytes, from, to);
            expected.stream().filter(hit -> hit.rule() == Prefilter.ESCAPE).findFirst().ifPresent(escape -> {
                expected.clear();
                expected.add(escape);
            });
            List<Prefilter.Hit> found = new ArrayList<>(prefilter.hits(bytes, from, to));
            found.sort(ORDER);
            assertEquals(expected, found, () -> "in [" + new String(bytes, StandardCharsets.ISO_8859_1) + "] from " + from + " to " + to);
        }
    }

    /**
     * Long runs of plain text, where the skip reads whole blocks of samples without a candidate, with a few literals at
     * random places (at every offset of a block, near the window's ends): each is found, after text dense with
     * literals too (the skip's compiled form must not depend on what it read before).
     */
    @Test
    void aLiteralAloneInPlainTextIsFoundAtAnyOffset() {
        List<List<String>> literals = RuleSet.shipped().stream().map(Rule::literals).toList();
        List<String> all = literals.stream().flatMap(List::stream).toList();
        Prefilter prefilter = new Prefilter(literals);
        byte[] plain = "0000000001 INFO request served in 001 ms, cache=warm; shard=07; region=local-1 ok\n"
                .getBytes(StandardCharsets.US_ASCII);
        Random random = new Random(2026);
        for (int round = 0; round < 20_000; round++) {
            byte[] bytes = new byte[16 + random.nextInt(round % 10 == 0 ? 4000 : 200)];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = plain[(i + round) % plain.length];
            }
            for (int n = random.nextInt(3); n > 0; n--) {
                byte[] literal = all.get(random.nextInt(all.size())).getBytes(StandardCharsets.UTF_8);
                int at = random.nextInt(Math.max(1, bytes.length - literal.length + 1));
                System.arraycopy(literal, 0, bytes, at, Math.min(literal.length, bytes.length - at));
            }
            int from = random.nextInt(8);
            int to = bytes.length - random.nextInt(4);
            List<Prefilter.Hit> expected = everyPosition(literals, bytes, from, to);
            List<Prefilter.Hit> found = new ArrayList<>(prefilter.hits(bytes, from, to));
            found.sort(ORDER);
            assertEquals(expected, found, () -> "in [" + new String(bytes, StandardCharsets.ISO_8859_1) + "] from " + from + " to " + to);
        }
    }

    private static final Comparator<Prefilter.Hit> ORDER = Comparator.comparingInt(Prefilter.Hit::end)
            .thenComparingInt(Prefilter.Hit::rule).thenComparingInt(Prefilter.Hit::literalLength);

    /** Literals in random case, pieces of them and noise (escapes too, when {@code backslashes}), {@code length} bytes or a few more. */
    private static byte[] text(List<String> literals, Random random, int length, boolean backslashes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (out.size() < length) {
            String literal = literals.get(random.nextInt(literals.size()));
            String piece = switch (random.nextInt(4)) {
                case 0 -> literal;
                case 1 -> literal.substring(0, random.nextInt(literal.length()));
                case 2 -> literal.substring(random.nextInt(literal.length()));
                default -> String.valueOf(NOISE.charAt(random.nextInt(NOISE.length() - (backslashes ? 0 : 3))));
            };
            for (char c : piece.toCharArray()) {
                out.write(random.nextBoolean() ? Character.toUpperCase(c) : c);
            }
            if (random.nextInt(20) == 0) {
                out.write(0x80 + random.nextInt(128));
            }
        }
        return out.toByteArray();
    }

    /** Every literal (and escape) at every position of {@code [from, to)}, ASCII case folded. */
    private static List<Prefilter.Hit> everyPosition(List<List<String>> literals, byte[] bytes, int from, int to) {
        List<Prefilter.Hit> hits = new ArrayList<>();
        for (int rule = Prefilter.ESCAPE; rule < literals.size(); rule++) {
            for (String literal : rule == Prefilter.ESCAPE ? ESCAPES : literals.get(rule)) {
                byte[] lower = literal.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8);
                for (int at = from; at + lower.length <= to; at++) {
                    if (matches(bytes, at, lower)) {
                        hits.add(new Prefilter.Hit(at + lower.length, rule, literal.length()));
                    }
                }
            }
        }
        hits.sort(ORDER);
        return hits;
    }

    private static boolean matches(byte[] bytes, int at, byte[] lower) {
        for (int k = 0; k < lower.length; k++) {
            int b = bytes[at + k] & 0xFF;
            if ((b >= 'A' && b <= 'Z' ? b + 32 : b) != (lower[k] & 0xFF)) {
                return false;
            }
        }
        return true;
    }
}
