package dev.toolspill.redact;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

class RedactorTest {

    private static final RuleSet RULES = RuleSet.of(Map.of(), Set.of(), 8192);
    private final SyntheticSecrets secrets = new SyntheticSecrets(new Random(26));

    @Test
    void everyShippedKindIsReplacedByItsMarkerWhateverSurroundsIt() {
        for (SyntheticSecrets.Sample sample : secrets.all()) {
            for (String[] around : new String[][] {{"", ""}, {"x ", " y"}, {"(", ")"}, {"'", "'"}, {"\"", "\","}, {"<", ">"},
                    {"key: ", "\n"}, {"\t", ";"}, {"[", "]"}, {"`", "`"}, {"é ", " ü"}}) {
                String out = redact(around[0] + sample.text() + around[1]);
                String what = sample.kind() + " in " + Arrays.toString(around);
                assertThat(what, out, not(containsString(sample.secret())));
                assertThat(what, out, containsString("[redacted:" + sample.kind() + "]"));
                assertThat(what, out, startsWith(around[0]));
                assertThat(what, out, endsWith(around[1]));
            }
        }
    }

    @Test
    void textWithoutSecretsPassesByteForByte() {
        String clean = """
                {"name": "left-pad", "version": "1.3.0", "integrity": "sha512-XI5MPzVNApjAyhQzphX8BkmKsKUxD4LdyK24iZeQ9yIBK1wqMFP6hHm3ytX25dQ1kp4LSxwx/5x8OznA==",
                 "resolved": "https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz", "id": "3f2504e0-4f89-11d3-9a0c-0305e82c3301",
                 "sha": "da39a3ee5e6b4b0d3255bfef95601890afd80709", "token": "abc", "password": "required", "secret": "${SECRET}"}
                password: the password to use when connecting (default: none)
                export API_KEY=$API_KEY; token = tokenizer.next_token(); see https://example.com:8080/path@v2
                Authorization: Bearer <token>   git@github.com:owner/repo.git   mailto:someone@example.com
                """;
        assertEquals(clean, redact(clean));
    }

    @Test
    void nearMissesOfEachKindStay() {
        for (String near : List.of(
                "AKIAIOSFODNN7EXAMPL", "XAKIAIOSFODNN7EXAMPLE1", // aws-access-key-id: too short; inside a longer word
                "aws_secret_access_key = short", // aws-secret-access-key: not 40 chars
                "ghp_abc", "xghp_" + "a".repeat(36).replace('a', 'Q') + "_", // github-token: too short; inside a word
                "github_pat_short", "glpat-short", "npm_tooShort123", "_authToken=${NPM_TOKEN}",
                "pypi-AgEIcHlwaS5vcmcshort", "dckr_pat_short", "xoxb-short", "https://hooks.slack.com/services/",
                "https://discord.com/api/webhooks/123", "sk_live_short", "AIzaShort", "sk-proj-abcT3BlbkFJabc",
                "sk-ant-api03-short", "SG.short.short", "AccountKey=short==",
                "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkq\n-----END PUBLIC KEY-----", "-----BEGIN CERTIFICATE-----",
                "eyJhbGciOiJIUzI1NiJ9", "eyJhbGciOiJIUzI1NiJ9.payload", // jwt: one part, no second eyJ part
                "https://user@example.com/", "ssh://git@github.com:22/x", "http://[::1]:8080/path@v2", // url-password: none,
                "https://username:password@pypi.company.com/simple", "https://abc:xyz@example.com", // a placeholder, a doc host
                "//registry.example/:_authToken=MYTOKEN1", // npmrc-auth: a value that names itself
                "Authorization: Bearer <token>", "Authorization: Basic ${CREDS}", // authorization-header: placeholders
                "password=secret", "password: ********", "token = tokenizer.next()", "secret_key: a1b2c3", // generic: placeholders, short
                "api_key: 0123456789abcdef0123456789abcdef01234567".replace("api_key", "sha1"), "id: 3f2504e0-4f89-11d3-9a0c-0305e82c3301")) {
            assertEquals(near, redact(near), near);
        }
    }

    @Test
    void aSecretSplitAtAnyOffsetOfAChunkBoundaryIsFoundWhole() {
        RuleSet small = RuleSet.of(Map.of(), Set.of(), 1024, 0);
        String filler = "plain words of an ordinary log line\n".repeat(40);
        for (SyntheticSecrets.Sample sample : secrets.all()) {
            String text = filler + sample.text() + "\n" + filler;
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            String whole = redact(small, text);
            int from = filler.length() - 2;
            for (int split = from; split <= from + sample.text().length() + 2; split++) {
                Redactor redactor = small.redactor(Redactor.Counter.NONE);
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                out.writeBytes(redactor.push(Arrays.copyOfRange(bytes, 0, split)));
                out.writeBytes(redactor.push(Arrays.copyOfRange(bytes, split, bytes.length)));
                out.writeBytes(redactor.finish());
                assertEquals(whole, out.toString(StandardCharsets.UTF_8), sample.kind() + " split at " + split);
                assertThat(whole, not(containsString(sample.secret())));
            }
        }
    }

    @Test
    void aSecretInAJsonStringIsReplacedInsideTheStringEscapesIncluded() throws Exception {
        ObjectMapper json = new ObjectMapper();
        for (SyntheticSecrets.Sample sample : secrets.all()) {
            String escaped = json.writeValueAsString(Map.of("value", sample.text())) // \n in a PEM block
                    .replace("/", "\\/").replace("+", "\\u002B");
            String out = redact("[" + escaped + "," + escaped + "]");
            String value = json.readTree(out).get(0).get("value").asText();
            assertThat(sample.kind(), value, not(containsString(sample.secret())));
            assertThat(sample.kind(), value, containsString("[redacted:" + sample.kind() + "]"));
            assertThat(sample.kind(), out, not(containsString(sample.secret().replace("/", "\\/").replace("+", "\\u002B"))));
        }
    }

    @Test
    void aRedactedTextIsRedactedNoFurther() { // inspect reads stored blobs: their markers must not match again
        for (SyntheticSecrets.Sample sample : secrets.all()) {
            String once = redact("{\"key\": \"" + sample.text().replace("\n", "\\n") + "\", \"token\": \"x\"}\nsecret: " + sample.text());
            assertEquals(once, redact(once), sample.kind());
        }
    }

    @Test
    void itCountsWhatItRedactedByKind() {
        Redactor redactor = RULES.redactor(Redactor.Counter.NONE);
        String jwt = secrets.all().stream().filter(s -> s.kind().equals("jwt")).findFirst().orElseThrow().text();
        redactor.all(("a=" + jwt + " b=" + jwt + " AKIA" + "ABCDEFGHIJKLMNOP").getBytes(StandardCharsets.UTF_8));
        assertEquals(Map.of("jwt", 2, "aws-access-key-id", 1), redactor.redactions().byKind());
    }

    @Test
    void allowedValuesStayAndConfiguredPatternsAreRedacted() {
        RuleSet rules = RuleSet.of(Map.of("acme-key", "acme_([a-z0-9]{12})"), Set.of("AKIAIOSFODNN7EXAMPLE"), 8192);
        String out = redact(rules, "demo AKIAIOSFODNN7EXAMPLE and acme_0123456789ab done");
        assertEquals("demo AKIAIOSFODNN7EXAMPLE and acme_[redacted:acme-key] done", out);
    }

    @Test
    void aConfiguredPatternThatEndsInsideAUtf8SequenceTakesTheWholeSequence() {
        RuleSet rules = RuleSet.of(Map.of("pin", "pin=(.{3})"), Set.of(), 8192);
        assertEquals("pin=[redacted:pin]!", redact(rules, "pin=aé!"));
    }

    @Test
    void secretsAtRandomPlacesInRandomChunksAreAllFound() {
        Random random = new Random(7);
        RuleSet small = RuleSet.of(Map.of(), Set.of(), 1024, 0);
        List<SyntheticSecrets.Sample> all = secrets.all();
        for (int round = 0; round < 200; round++) {
            StringBuilder text = new StringBuilder();
            List<SyntheticSecrets.Sample> placed = new java.util.ArrayList<>();
            for (int k = 0; k < 5; k++) {
                text.append("lorem ipsum: dolor sit amet, ".repeat(random.nextInt(20))).append(" \n\t,;\"'([{<=".charAt(random.nextInt(12)));
                SyntheticSecrets.Sample sample = all.get(random.nextInt(all.size()));
                placed.add(sample);
                text.append(sample.text()).append(" \n\t,;\"')]}>".charAt(random.nextInt(11)));
            }
            byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
            String result = RedactorTest.inRandomChunks(small, bytes, random);
            assertEquals(redact(small, text.toString()), result);
            placed.forEach(sample -> assertThat(sample.kind(), result, not(containsString(sample.secret()))));
        }
    }

    @Test
    void anEncryptedPemKeyGoesWholeHeadersIncluded() {
        String body = "MIIEowIBAAKCAQEA0Z3VS5JJcds3xfn/ygWyF8PbnGy0AHB7MxszQhnhf3dNqsHxPvAD4Jj0sbRQ\n".repeat(12);
        String pem = "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,2F114990E4C6F2A3B1D0E9F8A7B6C5D4\n\n"
                + body + "-----END RSA PRIVATE KEY-----\n";
        String redacted = redact("key:\n" + pem + "done\n");
        assertEquals("key:\n[redacted:private-key]\ndone\n", redacted);
    }

    @Test
    void aLongSessionTokenGoesWholeNotItsFirst256Chars() {
        String token = "IQoJb3JpZ2luX2VjE" + "Xq9LmZ7pW2kR4tYvB8nC3dF6gH1jK5".repeat(24); // ~740 chars, as AWS session tokens are
        String redacted = redact("AWS_SESSION_TOKEN=" + token + "\nnext line\n");
        assertEquals("AWS_SESSION_TOKEN=[redacted:generic-secret]\nnext line\n", redacted);
    }

    @Test
    void chunksReadFromByteBuffersComeOutAsTheSameChunksAsArraysDo() {
        RuleSet small = RuleSet.of(Map.of(), Set.of(), 1024, 0);
        byte[] bytes = (("lorem ipsum " + secrets.all().get(2).text() + " dolor\n").repeat(300)).getBytes(StandardCharsets.UTF_8);
        Redactor arrays = small.redactor(Redactor.Counter.NONE);
        Redactor buffers = small.redactor(Redactor.Counter.NONE);
        for (int at = 0; at < bytes.length; at += 777) {
            byte[] chunk = Arrays.copyOfRange(bytes, at, Math.min(bytes.length, at + 777));
            assertEquals(Arrays.toString(arrays.push(chunk)), Arrays.toString(buffers.push(java.nio.ByteBuffer.wrap(chunk))));
        }
        assertEquals(Arrays.toString(arrays.finish()), Arrays.toString(buffers.finish()));
        assertEquals(Map.of("github-token", 300), buffers.redactions().byKind());
    }

    @Test
    void aConfiguredPatternThatIsNotValidStopsTheStartUpNamingItsKind() {
        IllegalArgumentException refused = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> RuleSet.of(Map.of("bad", "a**"), Set.of(), 8192));
        org.junit.jupiter.api.Assertions.assertTrue(refused.getMessage().contains("'bad'"), refused.getMessage());
    }

    private static String redact(String text) {
        return redact(RULES, text);
    }

    private static String redact(RuleSet rules, String text) {
        return new String(rules.redactor(Redactor.Counter.NONE).all(text.getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
    }

    /** {@code bytes} through a redactor of {@code rules} in chunks of 1 to 700 bytes, as a stream would bring them. */
    static String inRandomChunks(RuleSet rules, byte[] bytes, java.util.Random random) {
        Redactor redactor = rules.redactor(Redactor.Counter.NONE);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int at = 0; at < bytes.length; ) {
            int n = Math.min(bytes.length - at, 1 + random.nextInt(700));
            out.writeBytes(redactor.push(Arrays.copyOfRange(bytes, at, at + n)));
            at += n;
        }
        out.writeBytes(redactor.finish());
        return out.toString(StandardCharsets.UTF_8);
    }
}
