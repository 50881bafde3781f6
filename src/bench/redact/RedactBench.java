import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolspill.redact.Redactor;
import dev.toolspill.redact.RuleSet;
import dev.toolspill.redact.SyntheticSecrets;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * Recall and false positives of the shipped redaction rules, measured on real third-party files (see run.sh):
 * <ul>
 * <li>false positives: every value redacted from files that hold no secrets (package docs, changelogs, licences, JSON
 * of npm packages, Maven POMs, minified JavaScript, checksum files) is one; reported per 10 MB, with each for review;</li>
 * <li>recall: a synthetic secret of every kind put at a random word boundary of a real file (text), or inside a string
 * value of a real JSON file with its escapes ({@code \/}, {@code \u002b}, {@code \n}), the result streamed through the
 * redactor in random chunks (so secrets cross chunk boundaries); found when nothing of it is left, the JSON still parses.</li>
 * </ul>
 * Usage: java -cp CLASSPATH RedactBench.java MAX_MB SEED ROOT...
 */
public class RedactBench {

    static final RuleSet RULES = RuleSet.of(Map.of(), Set.of(), 8192);
    static final String PUNCT = " \n\t,;:\"'()[]{}<>=|`";

    public static void main(String[] args) throws IOException {
        long maxBytes = Long.parseLong(args[0]) * 1_000_000L;
        Random random = new Random(Long.parseLong(args[1]));
        List<Path> files = new ArrayList<>();
        for (String root : Arrays.copyOfRange(args, 2, args.length)) {
            try (Stream<Path> walk = Files.walk(Path.of(root))) {
                walk.filter(Files::isRegularFile).filter(RedactBench::wanted).sorted().forEach(files::add);
            }
        }
        java.util.Collections.shuffle(files, random);
        long total = 0;
        long jsonBytes = 0;
        int falsePositives = 0;
        Map<String, Integer> fpByKind = new TreeMap<>();
        List<byte[]> texts = new ArrayList<>();
        List<byte[]> jsons = new ArrayList<>();
        long nanos = 0;
        for (Path file : files) {
            if (total >= maxBytes) {
                break;
            }
            byte[] bytes = read(file);
            if (bytes.length == 0 || bytes.length > 8_000_000 || !utf8(bytes)) {
                continue;
            }
            total += bytes.length;
            long t = System.nanoTime();
            Redactor redactor = RULES.redactor(kind -> { });
            byte[] out = stream(redactor, bytes, random);
            nanos += System.nanoTime() - t;
            int found = redactor.redactions().total();
            if (found > 0) {
                falsePositives += found;
                redactor.redactions().byKind().forEach((kind, n) -> fpByKind.merge(kind, n, Integer::sum));
                System.out.println("FP " + file + " " + redactor.redactions().byKind() + " " + context(bytes, out));
            }
            boolean json = file.toString().endsWith(".json") && parses(bytes);
            if (json) {
                jsonBytes += bytes.length;
                jsons.add(bytes);
            } else if (bytes.length < 2_000_000) {
                texts.add(bytes);
            }
        }
        System.out.printf("false positives: %d in %.1f MB (%.1f MB of it JSON) = %.2f per 10 MB; by kind %s; %.0f MB/s through the redactor%n",
                falsePositives, total / 1e6, jsonBytes / 1e6, falsePositives / (total / 1e7), fpByKind, total / 1e6 / (nanos / 1e9));
        recall(texts, jsons, random);
    }

    static void recall(List<byte[]> texts, List<byte[]> jsons, Random random) throws IOException {
        SyntheticSecrets secrets = new SyntheticSecrets(random);
        Map<String, int[]> byKind = new TreeMap<>(); // kind -> {placed, found}
        int brokenJson = 0;
        for (int round = 0; round < 40; round++) {
            for (SyntheticSecrets.Sample sample : secrets.all()) {
                boolean json = round % 2 == 1 && !jsons.isEmpty();
                byte[] host = json ? jsons.get(random.nextInt(jsons.size())) : texts.get(random.nextInt(texts.size()));
                String text = new String(host, StandardCharsets.UTF_8);
                String placed = json ? inJsonString(text, sample.text(), random) : inText(text, sample.text(), random);
                Redactor redactor = RULES.redactor(kind -> { });
                String out = new String(stream(redactor, placed.getBytes(StandardCharsets.UTF_8), random), StandardCharsets.UTF_8);
                String readable = json ? unescape(out) : out;
                int[] counts = byKind.computeIfAbsent(sample.kind() + (json ? " (json)" : ""), k -> new int[2]);
                counts[0]++;
                if (!readable.contains(sample.secret())) {
                    counts[1]++;
                } else {
                    int at = readable.indexOf(sample.secret()); // synthetic: safe to show, so a miss can be understood
                    System.out.println("MISSED " + sample.kind() + (json ? " in JSON" : " in text") + " ["
                            + readable.substring(Math.max(0, at - 60), Math.min(readable.length(), at + sample.secret().length() + 20)).replace("\n", "\\n") + "]");
                }
                if (json && !parses(out.getBytes(StandardCharsets.UTF_8))) {
                    brokenJson++;
                }
            }
        }
        int placed = byKind.values().stream().mapToInt(c -> c[0]).sum();
        int found = byKind.values().stream().mapToInt(c -> c[1]).sum();
        System.out.printf("recall: %d of %d = %.2f%% (%d kinds, text and JSON); JSON that stopped parsing: %d%n",
                found, placed, 100.0 * found / placed, byKind.size() / 2, brokenJson);
        byKind.forEach((kind, c) -> {
            if (c[1] < c[0]) {
                System.out.printf("  %s: %d of %d%n", kind, c[1], c[0]);
            }
        });
    }

    /** At a random word boundary, with random punctuation around it. */
    static String inText(String text, String secret, Random random) {
        int at = random.nextInt(text.length() + 1);
        while (at < text.length() && PUNCT.indexOf(text.charAt(at)) < 0) {
            at++;
        }
        char before = PUNCT.charAt(random.nextInt(PUNCT.length()));
        char after = PUNCT.charAt(random.nextInt(PUNCT.length()));
        return text.substring(0, at) + before + secret + after + text.substring(at);
    }

    /** At the start of a random string value (after {@code ": "}), escaped as JSON encoders do, some more than others. */
    static String inJsonString(String json, String secret, Random random) {
        List<Integer> starts = new ArrayList<>();
        for (int i = json.indexOf("\": \""); i >= 0 && starts.size() < 10_000; i = json.indexOf("\": \"", i + 1)) {
            starts.add(i + 4);
        }
        for (int i = json.indexOf("\":\""); i >= 0 && starts.size() < 20_000; i = json.indexOf("\":\"", i + 1)) {
            starts.add(i + 3);
        }
        String escaped = secret.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
        if (random.nextBoolean()) {
            escaped = escaped.replace("/", "\\/"); // PHP, some Java encoders
        }
        if (random.nextBoolean()) {
            escaped = escaped.replace("+", "\\u002B"); // .NET's System.Text.Json
        }
        if (random.nextInt(3) == 0) { // an attacker's spelling: 1-3 of the first chars (the literal) as \\uXXXX
            StringBuilder spelled = new StringBuilder();
            int n = 1 + random.nextInt(3);
            for (int i = 0; i < escaped.length(); i++) {
                char c = escaped.charAt(i);
                boolean plain = c != '\\' && (i == 0 || escaped.charAt(i - 1) != '\\');
                if (plain && n > 0 && i < 12 && random.nextInt(4) == 0) {
                    spelled.append(String.format("\\u%04x", (int) c));
                    n--;
                } else {
                    spelled.append(c);
                }
            }
            escaped = spelled.toString();
        }
        if (starts.isEmpty()) {
            return "{\"value\": \"" + escaped + "\", \"rest\": " + json + "}";
        }
        int at = starts.get(random.nextInt(starts.size()));
        String sep = random.nextBoolean() ? " " : (random.nextBoolean() ? "=" : ": ");
        return json.substring(0, at) + "key" + sep + escaped + " " + json.substring(at);
    }

    static String unescape(String json) {
        java.util.regex.Matcher u = java.util.regex.Pattern.compile("\\\\u([0-9a-fA-F]{4})").matcher(json.replace("\\/", "/").replace("\\n", "\n"));
        StringBuilder out = new StringBuilder();
        while (u.find()) {
            u.appendReplacement(out, java.util.regex.Matcher.quoteReplacement(String.valueOf((char) Integer.parseInt(u.group(1), 16))));
        }
        return u.appendTail(out).toString();
    }

    static byte[] stream(Redactor redactor, byte[] bytes, Random random) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length);
        for (int at = 0; at < bytes.length; ) {
            int n = Math.min(bytes.length - at, 1 + random.nextInt(random.nextBoolean() ? 256 : 65536));
            out.writeBytes(redactor.push(Arrays.copyOfRange(bytes, at, at + n)));
            at += n;
        }
        out.writeBytes(redactor.finish());
        return out.toByteArray();
    }

    static boolean wanted(Path file) {
        String name = file.getFileName().toString();
        return !name.endsWith(".png") && !name.endsWith(".jar") && !name.endsWith(".gif") && !name.endsWith(".jpg")
                && !name.endsWith(".woff") && !name.endsWith(".woff2") && !name.endsWith(".ttf") && !name.endsWith(".ico")
                && !name.endsWith(".class") && !name.endsWith(".zip") && !name.endsWith(".xz") && !name.endsWith(".bz2")
                && !name.endsWith(".lastUpdated") && !name.startsWith("_remote");
    }

    static byte[] read(Path file) throws IOException {
        if (file.toString().endsWith(".gz")) {
            try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
                return in.readNBytes(8_000_001);
            } catch (IOException e) {
                return new byte[0];
            }
        }
        return Files.size(file) > 8_000_000 ? new byte[0] : Files.readAllBytes(file);
    }

    static boolean utf8(byte[] bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes));
            return !new String(bytes, 0, Math.min(bytes.length, 4096), StandardCharsets.UTF_8).contains("\0");
        } catch (java.nio.charset.CharacterCodingException e) {
            return false;
        }
    }

    static boolean parses(byte[] bytes) {
        try (JsonParser parser = new JsonFactory().createParser(bytes)) {
            while (parser.nextToken() != null) {
                parser.skipChildren();
            }
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Where the output first differs, for review: the original bytes around it (no secrets in this corpus). */
    static String context(byte[] in, byte[] out) {
        int i = 0;
        while (i < in.length && i < out.length && in[i] == out[i]) {
            i++;
        }
        String around = new String(in, Math.max(0, i - 40), Math.min(in.length, i + 60) - Math.max(0, i - 40), StandardCharsets.UTF_8);
        return "[" + around.replace("\n", "\\n") + "]";
    }
}
