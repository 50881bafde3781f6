package dev.toolspill;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.toolspill.blob.s3.S3Server;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the model sees is a pure function of an output's bytes, its tool's limit and the configuration: random outputs
 * (200 in a quick run, 1000 deep, see {@link Depth}; text and JSON, inline and stored, cut by a tight limit or
 * not, multi-byte characters at every edge), each stored twice through two replicas of the packaged app on one folder, and twice through two on one S3 bucket,
 * get the same answer byte for byte; and the two stores' answers differ only in the blob's id and the time inside it.
 */
class ByteStableAnswersIT {

    static final String KEY = "stable-it-key-7c41e9a2";
    static final long SEED = Long.getLong("tests.seed", 20261203L);
    static final int OUTPUTS = Integer.getInteger("tests.stable.outputs", Depth.of(200, 1000));
    static final ObjectMapper MAPPER = new ObjectMapper();
    static S3Server s3;
    static final List<Process> replicas = new ArrayList<>();
    static String fsA, fsB, s3A, s3B;

    @BeforeAll
    static void start() throws Exception {
        s3 = S3Server.start("stable");
        Path root = Files.createTempDirectory("toolspill-stable");
        Map<String, String> fs = Map.of("toolspill.blob-store.type", "fs", "toolspill.blob-store.fs.root", root.toString());
        fsA = launch("fs-a", fs);
        fsB = launch("fs-b", fs);
        s3A = launch("s3-a", s3.quarkusConfig());
        s3B = launch("s3-b", s3.quarkusConfig());
    }

    /** One replica, started and ready. */
    static String launch(String name, Map<String, String> store) throws Exception {
        List<String> options = new ArrayList<>(List.of("-Xmx256m", "-Dtoolspill.auth.keys.stable-it=" + TestDigests.sha256(KEY),
                "-Dtoolspill.limits.tools.tight=256"));
        store.forEach((key, value) -> options.add("-D" + key + "=" + value));
        Path log = Path.of("target", "stable-" + name + ".log");
        Process replica = PackagedApp.start(log, options);
        replicas.add(replica);
        return PackagedApp.awaitReady(replica, log);
    }

    @AfterAll
    static void stop() {
        replicas.forEach(Process::destroy);
        replicas.forEach(p -> p.onExit().join());
        if (s3 != null) {
            s3.stop();
        }
    }

    @Test
    void theSameBytesGetTheSameAnswerOnEveryReplicaOfAStore() throws Exception {
        List<String> failures = new ForkJoinPool(4).submit(() -> IntStream.range(0, OUTPUTS).parallel()
                .mapToObj(this::check).filter(failure -> !failure.isEmpty()).limit(5).toList()).get();
        assertTrue(failures.isEmpty(), "seed " + SEED + ": " + failures);
    }

    /** Empty when output {@code n} was answered alike four times (as far as each store allows), else what differed. */
    private String check(int n) {
        Output output = Output.random(new Random(SEED * 31 + n));
        try {
            String a = post(fsA, output), b = post(fsB, output), c = post(s3A, output), d = post(s3B, output);
            if (!a.equals(b) || !c.equals(d)) {
                return "output " + n + " (" + output.describe() + ") answered differently by two replicas: " + clip(a) + " / " + clip(a.equals(b) ? c : b)
                        + " / " + clip(a.equals(b) ? d : b);
            }
            String fs = withoutId(a), s3 = withoutId(c);
            return fs.equals(s3) ? "" : "output " + n + " (" + output.describe() + ") answered differently by fs and S3: " + clip(fs) + " / " + clip(s3);
        } catch (Exception e) {
            return "output " + n + " (" + output.describe() + "): " + e;
        }
    }

    static String post(String base, Output output) throws Exception {
        HttpResponse<String> answer = TwoReplicasIT.HTTP.send(HttpRequest.newBuilder(URI.create(base + "/v1/tool-outputs?tool=" + output.tool()))
                .header("Content-Type", output.json() ? "application/json" : "text/plain").header("Authorization", "Bearer " + KEY)
                .POST(HttpRequest.BodyPublishers.ofByteArray(output.bytes())).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), answer.body());
        return answer.body();
    }

    /** The answer with its blob's id and creation time (made from the id) replaced: what two stores may differ in. */
    static String withoutId(String answer) throws Exception {
        JsonNode item = MAPPER.readTree(answer);
        JsonNode blob = item.path("blob");
        if (!blob.isObject()) {
            return answer;
        }
        String id = blob.path("id").asText();
        ((ObjectNode) blob).put("id", "ID").remove("created");
        return MAPPER.writeValueAsString(item).replace(id, "ID");
    }

    static String clip(String text) {
        return text.length() > 300 ? text.substring(0, 300) + "..." : text;
    }

    /** A random output of a random shape and size, for a tool with the default limit or a tight one. */
    record Output(String tool, boolean json, byte[] bytes) {
        private static final String[] WORDS = {"pod", "ready", "é", "naïve", "日本語", "🙂", "\t", "ok", "error: ", "{", "\"q\"", "\\", "line"};

        static Output random(Random random) {
            String tool = random.nextInt(4) == 0 ? "tight" : "read_file";
            int size = switch (random.nextInt(10)) {
                case 0, 1, 2 -> 1 + random.nextInt(800);
                case 3, 4, 5 -> 800 + random.nextInt(4000);
                case 6, 7, 8 -> 4000 + random.nextInt(40_000);
                default -> 40_000 + random.nextInt(100_000);
            };
            boolean json = random.nextInt(3) == 0;
            return new Output(tool, json, (json ? json(random, size) : text(random, size)).getBytes(StandardCharsets.UTF_8));
        }

        static String text(Random random, int size) {
            StringBuilder text = new StringBuilder(size + 16);
            while (text.length() < size) {
                text.append(WORDS[random.nextInt(WORDS.length)]).append(random.nextInt(6) == 0 ? "\n" : " ");
            }
            return text.toString();
        }

        static String json(Random random, int size) {
            StringBuilder json = new StringBuilder(size + 64).append(random.nextBoolean() ? "[" : "{\"items\":[");
            int i = 0;
            while (json.length() < size) {
                json.append(i == 0 ? "" : ",").append("{\"n\":").append(i++).append(",\"name\":")
                        .append(MAPPER.valueToTree(text(random, random.nextInt(60))).toString()).append(",\"ok\":").append(random.nextBoolean()).append('}');
            }
            return json.append(json.charAt(0) == '[' ? "]" : "]}").toString();
        }

        String describe() {
            return tool + ", " + (json ? "JSON" : "text") + ", " + bytes.length + " bytes";
        }
    }
}
