package dev.toolspill.redact;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * One synthetic secret of every shipped kind, random and of the right shape (none is real; src/bench/redact uses them too): the text a tool would
 * print ({@code text}) and the part of it that must not survive ({@code secret}).
 */
public final class SyntheticSecrets {

    public record Sample(String kind, String text, String secret) {
    }

    static final String UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    static final String ALNUM = UPPER + "abcdefghijklmnopqrstuvwxyz0123456789";
    static final String B64 = ALNUM + "+/";
    static final String URLSAFE = ALNUM + "_-";

    private final Random random;

    public SyntheticSecrets(Random random) {
        this.random = random;
    }

    String of(String alphabet, int n) {
        StringBuilder s = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            s.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return s.toString();
    }

    /** Random, but with a digit: what a generated password looks like. */
    String password(int n) {
        return of(ALNUM + "!#%&*+-.", n - 1) + random.nextInt(10);
    }

    public List<Sample> all() {
        List<Sample> samples = new ArrayList<>();
        String akid = "AKIA" + of("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16);
        samples.add(new Sample("aws-access-key-id", akid, akid));
        String awsSecret = of(B64, 40);
        samples.add(new Sample("aws-secret-access-key", "aws_secret_access_key = " + awsSecret, awsSecret));
        add(samples, "github-token", "ghp_" + of(ALNUM, 36));
        add(samples, "github-fine-grained-token", "github_pat_" + of(ALNUM, 22) + "_" + of(ALNUM, 59));
        add(samples, "gitlab-token", "glpat-" + of(URLSAFE, 20));
        add(samples, "npm-token", "npm_" + of(ALNUM, 36));
        String npmrc = of(B64, 48);
        samples.add(new Sample("npmrc-auth", "//registry.npmjs.org/:_authToken=" + npmrc, npmrc));
        add(samples, "pypi-token", "pypi-AgEIcHlwaS5vcmc" + of(URLSAFE, 70));
        add(samples, "docker-hub-token", "dckr_pat_" + of(URLSAFE, 27));
        add(samples, "slack-token", "xoxb-" + of("0123456789", 12) + "-" + of("0123456789", 12) + "-" + of(ALNUM, 24));
        add(samples, "slack-webhook", "https://hooks.slack.com/services/T" + of(UPPER, 8) + "/B" + of(UPPER, 10) + "/" + of(ALNUM, 24));
        String discord = of(URLSAFE, 68);
        samples.add(new Sample("discord-webhook", "https://discord.com/api/webhooks/" + of("0123456789", 18) + "/" + discord, discord));
        add(samples, "stripe-key", "sk_live_" + of(ALNUM, 24));
        add(samples, "google-api-key", "AIza" + of(URLSAFE, 35));
        add(samples, "openai-key", "sk-proj-" + of(ALNUM, 40) + "T3BlbkFJ" + of(ALNUM, 40));
        add(samples, "anthropic-key", "sk-ant-api03-" + of(URLSAFE, 93) + "AA");
        add(samples, "sendgrid-key", "SG." + of(URLSAFE, 22) + "." + of(URLSAFE, 43));
        String accountKey = of(B64, 86) + "==";
        samples.add(new Sample("azure-storage-key", "DefaultEndpointsProtocol=https;AccountName=logs;AccountKey=" + accountKey
                + ";EndpointSuffix=core.windows.net", accountKey));
        add(samples, "private-key", pem());
        add(samples, "jwt", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ" + of(URLSAFE, 60) + "." + of(URLSAFE, 43));
        String dbPassword = password(16);
        samples.add(new Sample("url-password", "postgres://app:" + dbPassword + "@db.internal:5432/app", dbPassword));
        String bearer = of(URLSAFE, 40);
        samples.add(new Sample("authorization-header", "Authorization: Bearer " + bearer, bearer));
        String generic = password(18);
        samples.add(new Sample("generic-secret", "DB_PASSWORD=" + generic, generic));
        formatsOfTheAttack(samples);
        return samples;
    }

    /** Formats an attack on a packaged build found with no rule (issue 26). */
    private void formatsOfTheAttack(List<Sample> samples) {
        String emptyUser = password(14);
        samples.add(new Sample("url-password", "redis://:" + emptyUser + "@cache.internal:6379/0", emptyUser));
        String at = "p@" + password(14);
        samples.add(new Sample("url-password", "https://deploy:" + at + "@git.internal/org/repo.git", at));
        String basic = java.util.Base64.getEncoder().encodeToString(("ci-bot:" + password(20)).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        samples.add(new Sample("docker-config-auth", "{\"auths\": {\"registry.internal:5000\": {\"auth\": \"" + basic + "\"}}}", basic));
        String data = java.util.Base64.getEncoder().encodeToString(("postgres://app:" + password(16) + "@db/app").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        samples.add(new Sample("kubernetes-secret", "apiVersion: v1\ndata:\n  database.url: " + data + "\n  tls.crt: LS0tLS1CRUdJTg==\nkind: Secret\n"
                + "metadata:\n  name: app\ntype: Opaque", data));
        String clientKey = of(B64, 320) + "==";
        samples.add(new Sample("kubeconfig-client-key", "users:\n- name: admin\n  user:\n    client-key-data: " + clientKey + "\n", clientKey));
        String curl = password(16);
        samples.add(new Sample("curl-user", "curl -sS -u deploy:" + curl + " https://api.internal/v1/items", curl));
        String netrc = password(16);
        samples.add(new Sample("netrc-password", "machine api.internal.io\n  login deploy\n  password " + netrc, netrc));
        String pass = password(18);
        samples.add(new Sample("generic-secret", "SMTP_PASS=" + pass, pass));
        String pwd = password(18);
        samples.add(new Sample("generic-secret", "export MYSQL_PWD='" + pwd + "'", pwd));
        add(samples, "slack-token", "xapp-1-A" + of(UPPER + "0123456789", 10) + "-" + of("0123456789", 13) + "-" + of("0123456789abcdef", 64));
        add(samples, "huggingface-token", "hf_" + of(ALNUM, 34));
        String cookie = of(URLSAFE, 32);
        samples.add(new Sample("cookie", "Cookie: session=" + cookie + "; theme=dark", cookie));
        String sig = of(B64, 43);
        samples.add(new Sample("azure-sas-signature", "https://acct.blob.core.windows.net/logs/app.log?sv=2022-11-02&sp=r&se=2027-01-01T00:00:00Z&sr=b&sig="
                + sig + "%3D", sig));
    }

    private String pem() {
        StringBuilder pem = new StringBuilder("-----BEGIN RSA PRIVATE KEY-----\n");
        for (int i = 0; i < 25; i++) {
            pem.append(of(B64, 64)).append('\n');
        }
        return pem.append(of(B64, 20)).append("==\n-----END RSA PRIVATE KEY-----").toString();
    }

    private static void add(List<Sample> samples, String kind, String secret) {
        samples.add(new Sample(kind, secret, secret));
    }
}
