package dev.toolspill.redact;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The formats an attack on a packaged build found with no rule (issue 26), each with what must go and what must stay.
 * Every one is also a {@link SyntheticSecrets} sample, so RedactorTest splits it at every offset and the recall bench
 * places it in real files.
 */
class RedactFormatsTest {

    private static final RuleSet RULES = RuleSet.of(Map.of(), Set.of(), 8192);

    @Test
    void everyValueOfAKubernetesSecretGoesWhateverItsKeysAreCalled() {
        String yaml = """
                apiVersion: v1
                data:
                  config.json: eyJhIjoxfQ==
                  db-url: cG9zdGdyZXM6Ly9hcHA6czNjcmV0QGRi
                kind: Secret
                metadata:
                  name: app
                stringData:
                  note: "Zq8vL2mX9pR4"
                  tls.key: |
                    MIIEvQIBADANBgkqhkiG9w0BAQEFAASC
                    BKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj
                type: Opaque
                """;
        assertEquals("""
                apiVersion: v1
                data:
                  config.json: [redacted:kubernetes-secret]
                  db-url: [redacted:kubernetes-secret]
                kind: Secret
                metadata:
                  name: app
                stringData:
                  note: "[redacted:kubernetes-secret]"
                  tls.key: |
                    [redacted:kubernetes-secret]
                    [redacted:kubernetes-secret]
                type: Opaque
                """, redact(yaml));
        String json = """
                {
                    "apiVersion": "v1",
                    "data": {
                        "db": "aHVudGVyMg==",
                        "username": "YWRtaW4="
                    },
                    "kind": "Secret",
                    "metadata": {"name": "app"}
                }""";
        assertEquals(json.replace("aHVudGVyMg==", "[redacted:kubernetes-secret]").replace("YWRtaW4=", "[redacted:kubernetes-secret]"), redact(json));
    }

    @Test
    void theCredentialsOfKubeconfigDockerCurlAndNetrcGo() {
        String key = "LS0tLS1CRUdJTiBFQyBQUklWQVRFIEtFWS0tLS0tCk1IY0NBUUVFSUJrZzRMVldNQTBHQ1NxR1NJYjNEUUVCQVFVQUE0R05BRENCaVFLQmdRQzc=";
        assertEquals("    client-key-data: [redacted:kubeconfig-client-key]\n    token: [redacted:generic-secret]\n",
                redact("    client-key-data: " + key + "\n    token: kubeconfig-u-7x2k9:q8w7e6r5t4y3u2i1o0p9\n"));
        String auth = Base64.getEncoder().encodeToString("ci-bot:Zq8#vL2!mX9pR4".getBytes(StandardCharsets.UTF_8));
        assertEquals("{\"auths\": {\"ghcr.io\": {\"auth\": \"[redacted:docker-config-auth]\"}}}",
                redact("{\"auths\": {\"ghcr.io\": {\"auth\": \"" + auth + "\"}}}"));
        assertEquals("curl -u ops:[redacted:curl-user] https://x.io", redact("curl -u ops:Zq8vL2mX9pR4 https://x.io"));
        assertEquals("curl -sS \\\n  --user 'ops:[redacted:curl-user]' https://x.io", redact("curl -sS \\\n  --user 'ops:Zq8vL2mX9pR4' https://x.io"));
        assertEquals("machine github.com login me password [redacted:netrc-password]\n",
                redact("machine github.com login me password Zq8vL2mX9pR4\n"));
    }

    @Test
    void urlsWithAnEmptyUserOrAnAtInThePasswordLoseThePassword() {
        assertEquals("redis://:[redacted:url-password]@cache:6379", redact("redis://:Zq8vL2mX9pR4@cache:6379"));
        assertEquals("amqp://app:[redacted:url-password]@mq.internal/", redact("amqp://app:p@ss@w0rd@mq.internal/"));
    }

    @Test
    void passwordAssignmentsTokensCookiesAndSignaturesGo() {
        assertEquals("DB_PASS=[redacted:generic-secret]", redact("DB_PASS=Zq8vL2mX9pR4"));
        assertEquals("MYSQL_PWD=\"[redacted:generic-secret]\"", redact("MYSQL_PWD=\"Zq8vL2mX9pR4\""));
        assertEquals("[redacted:slack-token]", redact("xapp-1-A0123ABCDEF-1234567890123-0123456789abcdef0123456789abcdef"));
        assertEquals("login with [redacted:huggingface-token]", redact("login with hf_AbCdEfGhIjKlMnOpQrStUvWxYz01234567"));
        assertEquals("Cookie: session=[redacted:cookie]; theme=[redacted:cookie]\n", redact("Cookie: session=8f3Kq9ZpL2vX7mW4; theme=dark\n"));
        assertEquals("set-cookie: sid=[redacted:cookie]; Path=/", redact("set-cookie: sid=8f3Kq9ZpL2vX7mW4; Path=/"));
        String sas = "https://a.blob.core.windows.net/c/b?sv=2022-11-02&sr=b&sp=r&sig=";
        assertEquals(sas + "[redacted:azure-sas-signature]", redact(sas + "k3Jv9QzL2mX7pW4rT8yB1nC5dF6gH0jK2sA9eR3tY5u%3D"));
    }

    @Test
    void lookAlikesStay() {
        for (String text : List.of(
                "apiVersion: v1\nkind: ConfigMap\ndata:\n  log.level: debug\n", // a ConfigMap is not a Secret
                "{\"auth\": \"required\"}", "{\"auth\": \"" + Base64.getEncoder().encodeToString(new byte[] {1, 2, 3, 4, 5, 6}) + "\"}",
                "docker run -u 1000:1000 image", "git push -u origin main", "curl -u \"$USER:$PASS\" https://x.io",
                "the machine learning password managers", "machine example.com login daniel password qwerty", "col_in_pass = PNG_COL_IN_INTERLACE_PASS", "strlen_pass::handle_assign_before_dom_children", "http://localhost:8080/path@v2",
                "OLDPWD=/home/me", "PWD=/tmp/build", "DB_PASS=${DB_PASS}", "from huggingface_hub import hf_hub_download",
                "document.cookie = value;", "Cookie: <cookies>", "see ?sig=short")) {
            assertEquals(text, redact(text), text);
        }
    }

    private static String redact(String text) {
        return new String(RULES.redactor(Redactor.Counter.NONE).all(text.getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
    }
}
