package dev.toolspill.redact;

import dev.toolspill.ParallelSafe;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Literals spelled with JSON {@code \\uXXXX} escapes, as an attack on a packaged build wrote them: found all the same. */
@ParallelSafe
class RedactEscapesTest {

    private static final RuleSet RULES = RuleSet.of(Map.of(), Set.of(), 8192);
    private static final RuleSet SMALL = RuleSet.of(Map.of(), Set.of(), 1024, 0);
    private static final Pattern UNICODE = Pattern.compile("\\\\u([0-9a-fA-F]{4})");
    private final SyntheticSecrets secrets = new SyntheticSecrets(new Random(26));

    @Test
    void theSpellingsOfTheAttackAreRedacted() {
        String akid = "AKIA" + "QWERTYUIOPASDFGH";
        String ghp = "ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A";
        String pem = "-----BEGIN RSA PRIVATE KEY-----\\n" + "MIIEowIBAAKCAQEA0Z3VS5JJcds3xfn/ygWyF8PbnGy0AHB7MxszQhnhf3dN\\n".repeat(4)
                + "-----END RSA PRIVATE KEY-----";
        for (String[] attack : new String[][] {
                {"{\"id\": \"\\u0041KIA" + akid.substring(4) + "\"}", akid, "aws-access-key-id"},
                {"{\"t\": \"ghp\\u005f" + ghp.substring(4) + "\"}", ghp.substring(4), "github-token"},
                {"{\"env\": \"pass\\u0077ord=Zq8#vL2!mX9pR4\"}", "Zq8#vL2!mX9pR4", "generic-secret"},
                {"{\"key\": \"" + pem.replace("-----BEGIN RSA", "-----BEGIN\\u0020RSA") + "\"}", "MIIEowIBAAKCAQEA0Z3VS5JJcds3xfn", "private-key"}}) {
            String out = redact(RULES, attack[0]);
            assertThat(attack[0], unescape(out), not(containsString(attack[1])));
            assertThat(attack[0], out, containsString("[redacted:" + attack[2] + "]"));
        }
    }

    @Test
    void everyKindIsRedactedWithAnyOneOfItsFirstCharsEscaped() {
        for (SyntheticSecrets.Sample sample : secrets.all()) {
            for (int k = 0; k < Math.min(32, sample.text().length()); k++) {
                assertRedacted(sample, escape(sample.text(), k, k + 1), "char " + k + " escaped");
            }
        }
    }

    @Test
    void everyKindIsRedactedWithSeveralCharsEscaped() {
        Random random = new Random(11);
        for (SyntheticSecrets.Sample sample : secrets.all()) {
            String text = sample.text();
            assertRedacted(sample, escape(text, 0, Math.min(40, text.length())), "the first 40 chars escaped");
            StringBuilder every = new StringBuilder();
            for (int k = 0; k < text.length(); k++) {
                every.append(k % 2 == 0 || random.nextInt(4) == 0 ? escape(text, k, k + 1).substring(k, k + 6) : text.charAt(k));
            }
            assertRedacted(sample, every.toString(), "every other char escaped, and some more");
        }
    }

    @Test
    void anEscapedLiteralSplitAtAnyOffsetOfItsEscapeIsFoundWhole() {
        String filler = "plain words of an ordinary log line\n".repeat(40);
        for (SyntheticSecrets.Sample sample : secrets.all()) {
            for (int k : new int[] {0, 1, 3}) {
                String text = filler + escape(sample.text(), k, k + 1) + "\n" + filler;
                byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
                String whole = redact(SMALL, text);
                assertThat(sample.kind(), unescape(whole), not(containsString(sample.secret())));
                int escapeAt = filler.length() + k;
                for (int split = escapeAt - 1; split <= escapeAt + 7; split++) {
                    Redactor redactor = SMALL.redactor(Redactor.Counter.NONE);
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    out.writeBytes(redactor.push(Arrays.copyOfRange(bytes, 0, split)));
                    out.writeBytes(redactor.push(Arrays.copyOfRange(bytes, split, bytes.length)));
                    out.writeBytes(redactor.finish());
                    assertEquals(whole, out.toString(StandardCharsets.UTF_8), sample.kind() + " char " + k + " escaped, split at " + split);
                }
            }
        }
    }

    @Test
    void escapedSecretsInJsonStringsAtRandomPlacesInRandomChunksAreAllFoundAndTheJsonStaysValid() throws Exception {
        Random random = new Random(9);
        RuleSet rules = RuleSet.of(Map.of(), Set.of(), 4096, 0); // an escaped PEM block is ~3.5 KB
        ObjectMapper json = new ObjectMapper();
        List<SyntheticSecrets.Sample> all = secrets.all();
        for (int round = 0; round < 150; round++) {
            StringBuilder text = new StringBuilder("[");
            List<SyntheticSecrets.Sample> placed = new java.util.ArrayList<>();
            for (int k = 0; k < 4; k++) {
                SyntheticSecrets.Sample sample = all.get(random.nextInt(all.size()));
                placed.add(sample);
                String value = json.writeValueAsString("lorem ipsum dolor ".repeat(random.nextInt(150)) + sample.text() + " sit amet");
                StringBuilder spelled = new StringBuilder();
                for (int i = 0; i < value.length(); i++) { // any char of the string's content, escape sequences left whole
                    char c = value.charAt(i);
                    boolean inner = i > 0 && i < value.length() - 1 && c != '\\' && value.charAt(i - 1) != '\\';
                    spelled.append(inner && random.nextInt(5) == 0 ? String.format(random.nextBoolean() ? "\\u%04x" : "\\u%04X", (int) c) : c);
                }
                text.append(k == 0 ? "" : ",").append(spelled);
            }
            text.append("]");
            byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
            String result = RedactorTest.inRandomChunks(rules, bytes, random);
            String values = json.readTree(result).toString(); // still JSON
            assertEquals(redact(rules, text.toString()), result);
            placed.forEach(sample -> assertThat(sample.kind(), unescape(values), not(containsString(sample.secret().replace("\n", "\\n")))));
        }
    }

    private void assertRedacted(SyntheticSecrets.Sample sample, String spelled, String how) {
        String out = redact(RULES, "text " + spelled + " more");
        assertThat(sample.kind() + ", " + how, unescape(out), not(containsString(sample.secret())));
        assertThat(sample.kind() + ", " + how, out, containsString("[redacted:" + sample.kind() + "]"));
    }

    /** {@code text} with its chars {@code [from, to)} spelled as {@code \\uXXXX}. */
    static String escape(String text, int from, int to) {
        StringBuilder out = new StringBuilder(text.substring(0, from));
        for (int i = from; i < to; i++) {
            out.append(String.format(i % 2 == 0 ? "\\u%04X" : "\\u%04x", (int) text.charAt(i)));
        }
        return out.append(text.substring(to)).toString();
    }

    static String unescape(String text) {
        Matcher m = UNICODE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(String.valueOf((char) Integer.parseInt(m.group(1), 16))));
        }
        return m.appendTail(out).toString();
    }

    private static String redact(RuleSet rules, String text) {
        return new String(rules.redactor(Redactor.Counter.NONE).all(text.getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
    }
}
