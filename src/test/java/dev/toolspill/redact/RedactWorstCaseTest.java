package dev.toolspill.redact;

import dev.toolspill.text.CountedChars;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hostile shapes that made the redactor slow (issue 26: PEM headers with no END, values that run into the next key
 * name): what they hold is still found, and the work they cost is bounded. Work is counted (the chars a rule's
 * expression reads, the bytes held back), never timed.
 */
class RedactWorstCaseTest {

    private static final String HEADER = "-----BEGIN RSA PRIVATE KEY-----\n";
    private static final String BODY = "MIIEowIBAAKCAQEA7bq2Lk9vRz3XyPq1Ww8cF0nT5hJd2sYgE4uQmZr6aVbNcKpLxOiHtGfDeSjUwAyBvCzMnX1o\n".repeat(12);
    private static final String PEM = HEADER + BODY + "-----END RSA PRIVATE KEY-----\n";

    @Test
    void aPrivateKeyRightAfterManyHeadersGoesWhole() {
        String out = redact(HEADER.repeat(5000) + PEM + "after\n", 4096);
        assertFalse(out.contains("MIIEowIBAAKCAQEA"), out.substring(out.length() - 200));
        assertFalse(out.contains("-----END"), "the END line goes with the key");
        assertTrue(out.endsWith("[redacted:private-key]\nafter\n"), out.substring(out.length() - 200));
    }

    @Test
    void aHeaderSplitAcrossAChunkBoundaryIsFound() {
        String text = "x".repeat(5000) + PEM + "after\n";
        for (int cut = 5000; cut <= 5000 + HEADER.length(); cut += 3) {
            String out = redact(text, cut);
            assertEquals("x".repeat(5000) + "[redacted:private-key]\nafter\n", out, "chunks of " + cut);
        }
    }

    @Test
    void manyHeadersAndKeysTheLastOfThemComplete() {
        String text = (HEADER.repeat(300) + PEM).repeat(20);
        String out = redact(text, 65536);
        assertFalse(out.contains("MIIEowIBAAKCAQEA"));
        assertFalse(out.contains("-----END"));
        assertTrue(out.startsWith(HEADER.repeat(290)), "headers far from a key stay");
    }

    /** The expression of the private-key rule reads each char of a text of headers a bounded number of times. */
    @Test
    void headersWithoutAKeyCostABoundedReadEach() {
        long small = charsRead("private-key", HEADER.repeat(4096));
        long large = charsRead("private-key", HEADER.repeat(4 * 4096));
        long bytes = (long) HEADER.length() * 4 * 4096;
        assertTrue(large <= 5 * small, "linear: " + small + " then " + large);
        assertTrue(large / bytes <= 8, large / bytes + " chars read a byte (before the openings: 31)");
    }

    /**
     * {@code password=} values that run into the next one, with no line end: each overlaps the next, so their union
     * once reached the end of every window and was held whole, the window grew with the stream and was read again for
     * every chunk. Now the matches before the last one go out redacted and the window stays bounded.
     */
    @Test
    void valuesThatRunIntoTheNextKeyAreRedactedAsTheyPass() {
        StringBuilder text = new StringBuilder();
        java.util.Random random = new java.util.Random(26);
        while (text.length() < 2_000_000) {
            text.append("password=");
            for (int i = 0; i < 300; i++) {
                text.append("Ab3Xk9Qz7Lm2Pw5Rt8Vn4Hj6Gd1Fs0Ce".charAt(random.nextInt(32)));
            }
        }
        Redactor redactor = RuleSet.of(Map.of(), Set.of(), 8192).redactor(Redactor.Counter.NONE);
        byte[] bytes = text.toString().getBytes(StandardCharsets.US_ASCII);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int chunk = 65536;
        int pushes = 0;
        int answered = 0; // pushes that put bytes out: the window is settled as it goes, not held to the end
        for (int at = 0; at < bytes.length; at += chunk) {
            byte[] settled = redactor.push(Arrays.copyOfRange(bytes, at, Math.min(bytes.length, at + chunk)));
            out.writeBytes(settled);
            pushes++;
            answered += settled.length > 0 ? 1 : 0;
        }
        assertTrue(answered >= pushes / 3, answered + " of " + pushes + " pushes put bytes out");
        out.writeBytes(redactor.finish());
        String redacted = out.toString(StandardCharsets.US_ASCII);
        assertTrue(redacted.replace("[redacted:generic-secret]", "").startsWith("password="), redacted.substring(0, 100));
        assertFalse(redacted.replace("[redacted:generic-secret]", "").replace("password=", "").matches("(?s).*[A-Za-z0-9]{8}.*"),
                "no value left");
    }

    /** Literals inside a value the rule found (each value runs into the next key) are not each tried on the value again. */
    @Test
    void literalsInsideAFoundValueDoNotEachReadItAgain() {
        StringBuilder open = new StringBuilder();
        java.util.Random random = new java.util.Random(7);
        while (open.length() < 512 * 1024) {
            open.append("password=");
            for (int i = 0; i < 300; i++) {
                open.append("Ab3Xk9Qz7Lm2Pw5Rt8Vn4Hj6Gd1Fs0Ce".charAt(random.nextInt(32)));
            }
        }
        long read = charsRead("generic-secret", open.toString());
        assertTrue(read / open.length() <= 3, read / open.length() + " chars read a byte (before: 13)");
        long curls = charsRead("curl-user", "curl".repeat(128 * 1024));
        assertTrue(curls / (4 * 128 * 1024) <= 8, curls / (4 * 128 * 1024) + " chars read a byte (before: 1098)");
    }

    @Test
    void aKeyInsideAnotherKeysValueIsStillFound() {
        assertFalse(redact("GET /x?token=xxxxxxxx&password=Hunter2Real!9 HTTP/1.1\n", 65536).contains("Hunter2Real"), "inside a value refused");
        assertFalse(redact("GET /x?token=abc123XYZq&password=Hunter2Real!9 HTTP/1.1\n", 65536).contains("Hunter2Real"), "inside one found");
        String longer = "password=" + "Zq8vL2mX9pR4".repeat(340) + "&token=" + "Kx7Wb2Nc5Vd8".repeat(40) + "\n"; // the first at its longest
        String out = redact(longer, 65536);
        assertFalse(out.contains("Kx7Wb2Nc5Vd8"), out);
        assertFalse(out.contains("Zq8vL2mX9pR4"), out);
    }

    /**
     * Attack findings on the chained hold: a key with no END runs into a {@code curl -u} password that straddles the
     * window's edge; the chain goes out up to the password, which is held and found again, with its {@code curl} more
     * than 256 bytes before it still in the window.
     */
    @Test
    void aPasswordHeldAfterAChainIsFoundAgainWithItsCurl() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; text.length() < 65_400; i++) {
            text.append(String.format("INFO worker processed item %06d ok%n", i));
        }
        text.setLength(65_399);
        text.append('\n').append(HEADER).append(BODY.repeat(7)); // no END line
        String password = "Pw!x7Qz9Lk2Vb8Mn4Rt6Yh3Jd5Fg1Sa0We";
        String pre = "curl https://api.internal/v1/";
        String mid = " -u admin:";
        int at = 73_728 - 30;
        text.append(pre).append("segment/".repeat(1000), 0, at - text.length() - mid.length()).append(mid); // text holds pre by then
        text.append(password).append(" -d @x.json\nINFO done\n");
        assertEquals(at, text.indexOf(password));
        String out = redact(text.toString(), 73_728);
        assertFalse(out.contains("Pw!x7Qz9"), out.substring(out.lastIndexOf("[redacted")));
    }

    /** A literal inside a long value that gives no secret ({@code secrets} in a path) does not hide the keys before it. */
    @Test
    void theKeysInsideAValueAtItsLongestAreTriedBackUntilOneIsASecret() {
        java.util.Random random = new java.util.Random(26);
        String line = "GET /cb?password=Hunter2xyz9&state=" + letters(random, 2000) + "&token=" + letters(random, 1500)
                + "&redirect=/app/secrets/view&session=" + letters(random, 600) + " HTTP/1.1\n";
        String session = line.substring(line.indexOf("session=") + 8, line.indexOf(" HTTP"));
        assertFalse(redact(line, 65_536).contains(session.substring(session.length() - 64)));
        String refused = "password=" + letters(random, 90) + "&password=" + letters(random, 3880) + "&password="
                + "a".repeat(4096 - 90 - 3880 - 20) + "Zq8x3Kp2Lm9Vn4Bc7Xw1\n"; // the last value is refused: a run of a
        assertFalse(redact(refused, 65_536).contains("Zq8x3Kp2Lm9Vn4Bc7Xw1"));
    }

    private static String letters(java.util.Random random, int n) {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < n; i++) {
            out.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return out.toString();
    }

    private static String redact(String text, int chunk) {
        Redactor redactor = RuleSet.of(Map.of(), Set.of(), 8192).redactor(Redactor.Counter.NONE);
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int at = 0; at < bytes.length; at += chunk) {
            out.writeBytes(redactor.push(Arrays.copyOfRange(bytes, at, Math.min(bytes.length, at + chunk))));
        }
        out.writeBytes(redactor.finish());
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The chars rule {@code kind}'s expression reads while {@code text} streams through the shipped rules. */
    private static long charsRead(String kind, String text) {
        LongAdder read = new LongAdder();
        List<Rule> rules = new ArrayList<>();
        for (Rule rule : RuleSet.shipped()) {
            rules.add(rule.kind().equals(kind) ? new Rule(rule.kind(), counting(rule.pattern(), read), rule.literals(), rule.reach(),
                    rule.after(), rule.opening(), rule.gate()) : rule);
        }
        Redactor redactor = new RuleSet(rules, Set.of(), 8192, Redactor.BATCH).redactor(Redactor.Counter.NONE);
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        for (int at = 0; at < bytes.length; at += 65536) {
            redactor.push(Arrays.copyOfRange(bytes, at, Math.min(bytes.length, at + 65536)));
        }
        redactor.finish();
        return read.sum();
    }

    private static Expression counting(Expression inner, LongAdder read) {
        return new Expression() {
            @Override
            public void find(CharSequence text, int start, int end, Consumer<Found> found) {
                inner.find(new CountedChars(text, read), start, end, found);
            }

            @Override
            public void at(CharSequence text, int start, int end, Consumer<Found> found) {
                inner.at(new CountedChars(text, read), start, end, found);
            }
        };
    }
}
