import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * The redactor's worst cases: for every rule of rules.tsv, inputs built from its literals to make its expression work
 * hard (the literal repeated with no separator and one a line, followed by long runs of value chars with and without a
 * line end, values that run into the next literal, JSON-escaped forms), the two shapes of issue 26 (PEM headers with
 * no END, {@code password=} with long values), and as references plain log lines and row 11's dense lines. Each input
 * is pushed in 64 KiB chunks through {@code RuleSet.of(Map.of(), Set.of(), 8192).redactor(NONE)} of each build given
 * (a classes folder, loaded apart), the builds alternated within each round; median of 3 rounds after a warm-up (a
 * build that takes over 10 s for one input is timed on that one run: a superlinear cost would take hours).
 * Prints ns a byte per input, worst first (by the last build), and each as a multiple of the dense reference.
 *
 * Usage: java -cp RE2J_JAR RedactWorst.java [MIB] [RULE_REGEX] CLASSES...   (the first build is the "before")
 */
public class RedactWorst {

    static final int CHUNK = 64 * 1024;
    static final int ROUNDS = 3;
    static final String VALUE = "Ab3Xk9Qz7Lm2Pw5Rt8Vn4Hj6Gd1Fs0Ce"; // what a value part accepts: letters and digits

    record Shape(String rule, String name, IntFunction<String> line) {
    }

    record Result(Shape shape, double[] nsPerByte) {
    }

    interface Side {
        long run(byte[] data) throws Throwable;
    }

    public static void main(String[] args) throws Throwable {
        int mib = Integer.parseInt(args[0]);
        String only = args[1];
        List<Path> builds = Arrays.stream(args, 2, args.length).map(Path::of).toList();
        Side[] sides = new Side[builds.size()];
        for (int s = 0; s < sides.length; s++) {
            sides[s] = redactor(builds.get(s));
        }
        List<Shape> shapes = new ArrayList<>(references());
        shapes.addAll(issue26());
        for (String line : Files.readAllLines(builds.get(builds.size() - 1).resolve("redact/rules.tsv"))) {
            if (!line.isBlank() && !line.startsWith("#") && line.split("\t")[0].matches(only)) {
                shapes.addAll(shapes(line.split("\t", 5)));
            }
        }
        List<Result> results = new ArrayList<>();
        for (Shape shape : shapes) {
            byte[] data = lines(mib, shape.line());
            double[] ns = measure(data, sides);
            results.add(new Result(shape, ns));
            System.err.printf("%-26s %-18s %s%n", shape.rule(), shape.name(), format(ns));
        }
        double dense = results.stream().filter(r -> r.shape().name().equals("dense-row-11")).findFirst().orElseThrow().nsPerByte()[sides.length - 1];
        results.sort(Comparator.comparingDouble((Result r) -> -r.nsPerByte()[sides.length - 1]));
        System.out.printf("%d MiB an input, 64 KiB chunks, max-secret-bytes 8192; ns a byte, median of %d; builds: %s%n", mib, ROUNDS, builds);
        System.out.printf("| rule | shape | %s | last / dense |%n|---|---|%s---|%n",
                String.join(" | ", builds.stream().map(p -> p.toString()).toList()), "---|".repeat(sides.length));
        for (Result r : results) {
            System.out.printf("| %s | %s | %s | %.1f |%n", r.shape().rule(), r.shape().name(), format(r.nsPerByte()).replace(" ", " | "),
                    r.nsPerByte()[sides.length - 1] / dense);
        }
    }

    /** Plain text (no literal) and row 11's dense lines (a key name on every line): what the worst is measured against. */
    static List<Shape> references() {
        String pad = "payload checksum ok; tags=alpha,beta,gamma; region=local-1; cache=warm; shard=07; trace=abcdef0123456789abcdef".substring(0, 86);
        return List.of(new Shape("-", "plain-row-11", i -> String.format("%010d INFO request served in %03d ms %s\n", i, i % 997, pad)),
                new Shape("-", "dense-row-11", i -> String.format("%010d DEBUG config password=%s token refreshed ok, secret rotated %s\n", i,
                        "see-vault", "......................................")));
    }

    /** The two shapes of issue 26. */
    static List<Shape> issue26() {
        return List.of(new Shape("private-key", "pem-headers", i -> "-----BEGIN RSA PRIVATE KEY-----\n"),
                new Shape("private-key", "pem-header-body", i -> i % 40 == 0 ? "-----BEGIN RSA PRIVATE KEY-----\n" : value(64, i) + "\n"),
                new Shape("private-key", "pem-begin-dashes", i -> "-----BEGIN PRIVATE KEY-----" + "-".repeat(i % 7)),
                new Shape("generic-secret", "password-long", i -> "password=" + value(4000, i) + "\n"),
                new Shape("generic-secret", "password-open", i -> "password=" + value(300, i)));
    }

    /** The shapes of one rule, from its first literal spelled as its expression spells it. */
    static List<Shape> shapes(String[] rule) {
        String kind = rule[0];
        List<Shape> out = new ArrayList<>();
        String[] literals = rule[2].split(",");
        String lit = spelled(literals[0], rule[4]);
        out.add(new Shape(kind, "run", i -> lit));
        out.add(new Shape(kind, "lines", i -> lit + "\n"));
        out.add(new Shape(kind, "all-literals", i -> spelled(literals[i % literals.length], rule[4]) + " "));
        out.add(new Shape(kind, "value-40", i -> " " + lit + "=" + value(40, i) + "\n"));
        out.add(new Shape(kind, "value-4000", i -> " " + lit + "=" + value(4000, i) + "\n"));
        out.add(new Shape(kind, "value-open", i -> lit + "=" + value(200, i))); // each value runs into the next literal
        out.add(new Shape(kind, "key-run", i -> lit + "="));
        out.add(new Shape(kind, "value-huge", i -> " " + lit + ": " + value(CHUNK * 2, i) + "\n"));
        out.add(new Shape(kind, "json-escaped", i -> "\\\"" + lit + "\\\":\\\"" + value(40, i) + "\\n\\u0041\\/"));
        return out;
    }

    /** A literal in the case its expression has it (found in the expression's text), else lower case if that ignores case. */
    static String spelled(String literal, String regex) {
        String bare = regex.replace("\\", "");
        int at = bare.toLowerCase(Locale.ROOT).indexOf(literal.toLowerCase(Locale.ROOT));
        if (at >= 0) {
            return bare.substring(at, at + literal.length());
        }
        return regex.contains("(?i)") || regex.startsWith("@") ? literal : literal.toUpperCase(Locale.ROOT);
    }

    static String value(int n, int seed) {
        StringBuilder v = new StringBuilder(n);
        Random random = new Random(seed);
        while (v.length() < n) {
            v.append(VALUE.charAt(random.nextInt(VALUE.length())));
        }
        return v.toString();
    }

    static byte[] lines(int mib, IntFunction<String> line) {
        byte[] data = new byte[mib << 20];
        int at = 0;
        for (int i = 1; at < data.length; i++) {
            byte[] bytes = line.apply(i).getBytes(StandardCharsets.ISO_8859_1);
            int n = Math.min(bytes.length, data.length - at);
            System.arraycopy(bytes, 0, data, at, n);
            at += n;
        }
        return data;
    }

    static double[] measure(byte[] data, Side[] sides) throws Throwable {
        double[][] nanos = new double[sides.length][ROUNDS];
        boolean[] once = new boolean[sides.length];
        for (int s = 0; s < sides.length; s++) { // warm-up: 3 runs, or 1 s; a side that takes over 10 s a run is timed once
            long t = System.nanoTime();
            for (int k = 0; k < 3 && System.nanoTime() - t < 1_000_000_000L; k++) {
                long run = System.nanoTime();
                sides[s].run(data);
                once[s] = System.nanoTime() - run > 10_000_000_000L;
                Arrays.fill(nanos[s], (System.nanoTime() - run) / (double) data.length);
            }
        }
        for (int round = 0; round < ROUNDS; round++) {
            for (int k = 0; k < sides.length; k++) {
                int s = round % 2 == 0 ? k : sides.length - 1 - k; // the order turns: drift weighs on all
                if (once[s]) {
                    continue;
                }
                long t = System.nanoTime();
                sides[s].run(data);
                nanos[s][round] = (System.nanoTime() - t) / (double) data.length;
            }
        }
        double[] medians = new double[sides.length];
        for (int s = 0; s < sides.length; s++) {
            Arrays.sort(nanos[s]);
            medians[s] = nanos[s][ROUNDS / 2];
        }
        return medians;
    }

    static String format(double[] values) {
        List<String> out = new ArrayList<>();
        for (double v : values) {
            out.add(String.format(v < 10 ? "%.2f" : "%.0f", v));
        }
        return String.join(" ", out);
    }

    /** A redactor of the classes in {@code classes}, loaded apart from the other builds'. */
    static Side redactor(Path classes) throws Throwable {
        ClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, RedactWorst.class.getClassLoader());
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        Class<?> ruleSet = loader.loadClass("dev.toolspill.redact.RuleSet");
        Class<?> redactor = loader.loadClass("dev.toolspill.redact.Redactor");
        Class<?> counter = loader.loadClass("dev.toolspill.redact.Redactor$Counter");
        Object rules = lookup.findStatic(ruleSet, "of", MethodType.methodType(ruleSet, Map.class, Set.class, int.class))
                .invoke(Map.of(), Set.of(), 8192);
        Object none = counter.getField("NONE").get(null);
        MethodHandle create = lookup.findVirtual(ruleSet, "redactor", MethodType.methodType(redactor, counter)).bindTo(rules);
        MethodHandle push = lookup.findVirtual(redactor, "push", MethodType.methodType(byte[].class, ByteBuffer.class));
        MethodHandle finish = lookup.findVirtual(redactor, "finish", MethodType.methodType(byte[].class));
        return data -> {
            Object r = create.invoke(none);
            long out = 0;
            for (int at = 0; at < data.length; at += CHUNK) {
                out += ((byte[]) push.invoke(r, ByteBuffer.wrap(data, at, Math.min(CHUNK, data.length - at)))).length;
            }
            return out + ((byte[]) finish.invoke(r)).length;
        };
    }
}
