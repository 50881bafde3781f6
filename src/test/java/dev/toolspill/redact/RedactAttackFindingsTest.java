package dev.toolspill.redact;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the second attack on a packaged build found in the redaction (issue 26), each as it must be now. */
class RedactAttackFindingsTest {

    private static final RuleSet RULES = RuleSet.of(Map.of(), Set.of(), 8192);

    @Test
    void aCurlCommandOfManyContinuedLinesIsReadWithoutOverflowingTheStack() {
        String many = "curl " + "\\\n -H x ".repeat(5000) + " -u admin:Zq8vL2mX9pR4 https://h/"; // the user is past the rule's reach
        assertDoesNotThrow(() -> redact(many));
        String text = "curl " + "\\\n -H x ".repeat(200) + " -u admin:Zq8vL2mX9pR4 https://h/";
        String out = assertDoesNotThrow(() -> redact(text));
        assertFalse(out.contains("Zq8vL2mX9pR4"), out.substring(out.length() - 80));
    }

    @Test
    void realPasswordsWithAPlaceholderWordInThemGo() {
        for (String secret : new String[] {"Secret2024xq", "MyPassword2024", "YourTurn2024!", "Hunter2Secret99!xyz", "$up3rS3cur3Pw!"}) {
            assertFalse(redact("password=" + secret + "\n").contains(secret), secret);
        }
        assertFalse(redact("postgres://admin:Secret2024xq@db.internal:5432/app").contains("Secret2024xq"));
        assertFalse(redact("curl -u admin:YourTurn2024! https://h/").contains("YourTurn2024"));
    }

    @Test
    void placeholdersStay() {
        for (String placeholder : new String[] {"your_password", "<YOUR-API-KEY>", "${DB_PASSWORD}", "$DB_PASSWORD", "changeme", "MYTOKEN1",
                "yourpassword", "secret_key_here", "{{ secret }}"}) {
            String line = "password=" + placeholder + "\n";
            assertEquals(line, redact(line), placeholder);
        }
    }

    @Test
    void aJsonNumberUnderASecretsNameStaysSoTheJsonStaysJson() throws Exception {
        String json = "{\"password\": 86753091234567, \"a\": {\"token\": 0.12345678901234567}, \"b\": [{\"secret\": -12.5e-34567890}]}";
        new ObjectMapper().readTree(redact(json));
    }

    @Test
    void dockerLoginsOfCloudRegistriesGoWhole() {
        String ecr = Base64.getEncoder().encodeToString(("AWS:" + "eyJwYXlsb2FkIjoiQ".repeat(150)).getBytes(StandardCharsets.UTF_8));
        String gcr = Base64.getEncoder().encodeToString(("_json_key:{\"type\":\"service_account\",\"private_key_id\":\"3f1c9a7e\","
                + "\"token_uri\":\"https://oauth2.googleapis.com/token\"}").getBytes(StandardCharsets.UTF_8));
        for (String auth : new String[] {ecr, gcr}) {
            String config = "{\"auths\": {\"r.example\": {\"auth\": \"" + auth + "\"}}}";
            assertEquals("{\"auths\": {\"r.example\": {\"auth\": \"[redacted:docker-config-auth]\"}}}", redact(config));
        }
    }

    @Test
    void kubernetesSecretValuesGoWholeWhateverTheSpellingOfTheirKind() {
        for (String kind : new String[] {"kind: \"Secret\"", "kind: 'Secret'", "kind:   Secret"}) {
            String yaml = kind + "\nstringData:\n  dbkey: Qz7781abcXYZ\n  note: first part then Qz7781abcXYZ and more\n  conf: '{\"dbkey\": \"Qz7781abcXYZ\"}'\n";
            String out = redact(yaml);
            assertFalse(out.contains("Qz7781abcXYZ"), out);
            assertTrue(out.contains("note: [redacted:"), out);
        }
        String json = "{\"kind\" : \"Secret\", \"stringData\": {\"config.json\":\"{\\\"user\\\":\\\"app\\\",\\\"dbkey\\\":\\\"Qz7781abcXYZ\\\"}\"}}";
        String out = redact(json);
        assertEquals("{\"kind\" : \"Secret\", \"stringData\": {\"config.json\":\"[redacted:kubernetes-secret]\"}}", out);
    }

    /** Third attack: a secret that starts inside another's match went unredacted (the later of two overlapping was dropped). */
    @Test
    void aPrivateKeyRightAfterAPasswordsValueGoesWithIt() {
        String body = "MIIEowIBAAKCAQEA7bq2Lk9vRz3XyPq1Ww8cF0nT5hJd2sYgE4uQmZr6aVbNcKpLxOiHtGfDeSjUwAyBvCzMnX1o\n".repeat(12);
        String pem = "-----BEGIN RSA PRIVATE KEY-----\n" + body + "-----END RSA PRIVATE KEY-----\n";
        for (String before : new String[] {"token=abc123XYZ", "export SECRET_B64=Zm9vYmFyMTIz", "password: hunter2Q9x"}) {
            String out = redact(before + pem);
            assertFalse(out.contains("MIIEowIBAAKCAQEA"), before + " -> " + out);
            assertTrue(out.contains("[redacted:private-key]"), "named after the longer secret: " + out);
        }
    }

    /** Third attack: {@code _auth=} of an .npmrc was found only at the start or after a colon or a space. */
    @Test
    void anNpmrcAuthIsFoundAfterAnyCharThatIsNotPartOfAName() {
        for (String before : new String[] {"{\"stdout\": \"", "{\"npmrc\":\"", "\u00a0", "\ufeff", "é", "🙂", "\\\""}) {
            String out = redact(before + "_auth=+hA6ILI8gJhead6/wJ9kFZJSqgmRB9H+\nend");
            assertFalse(out.contains("hA6ILI8gJhead6"), before + " -> " + out);
        }
        assertEquals("my_auth=+hA6ILI8gJhead6/wJ9kFZJSqgmRB9H+", redact("my_auth=+hA6ILI8gJhead6/wJ9kFZJSqgmRB9H+"), "a longer name is another key");
    }

    /** Seen in real files (the false-positive corpus on Debian 12): code, a sudoers tag, a documentation URL. */
    @Test
    void codeAPathAndFooBarAreNoSecrets() {
        for (String line : new String[] {"\t\t\tpassword = utf8_to_utf16_dup(v);\n", "%sudo ALL=(root) NOPASSWD: /bin/systemctl restart x\n",
                "e.g. http://foo:bar@myhost.\n", "secret_key = load_secret_file_v2(path)\n"}) {
            assertEquals(line, redact(line), line);
        }
        for (String secret : new String[] {"j1hzXwiocPyRufzus5(", "VjRud-MbEJCNUQq3!6(", "/Xk9q/Lm2/zP7wQ+", "Zt_8s_q2_LmR4(x)"}) {
            String out = redact("SMTP_PASS=" + secret + "\n");
            assertFalse(out.contains(secret.substring(0, 8)), secret + " -> " + out);
        }
        for (String known : new String[] {"curl -u admin:/srv/pw2024 https://h/\n", "machine h.internal login u password /k9/x2z7q\n"}) {
            assertFalse(redact(known).contains("/srv/pw2024") || redact(known).contains("/k9/x2z7q"), known); // a path by its place is a password
        }
    }

    private static String redact(String text) {
        return new String(RULES.redactor(Redactor.Counter.NONE).all(text.getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
    }
}
