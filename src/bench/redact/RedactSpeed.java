import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * The redactor's cost per byte, in process: two builds of the redact package (BEFORE and AFTER, each a classes folder,
 * loaded apart) and a plain copy of the same bytes, alternated within each round (the order turns every round, so a
 * drift of the shared cores weighs on all alike), 5 rounds, medians. The input is pushed in 64 KiB chunks as the
 * ingest does (a ByteBuffer over the bytes), with max-secret-bytes 8192, the default. Inputs: the 128-byte log lines
 * of row 11 of run.sh (no literal of any rule), 128-byte lines of common words (no literal either) and the dense lines
 * of row 11 (a key name on every line), then the log lines again (the JIT has by then seen the dense lines: a loop
 * compiled on their profile once ran plain text at a third of its speed). See run-speed.sh.
 *
 * Usage: java -cp RE2J_JAR RedactSpeed.java BEFORE_CLASSES AFTER_CLASSES [MIB]
 */
public class RedactSpeed {

    static final int CHUNK = 64 * 1024;
    static final int ROUNDS = 5;

    /** One way through the bytes; answers the bytes it put out, so that nothing is optimised away. */
    interface Side {
        long run(byte[] data) throws Throwable;
    }

    public static void main(String[] args) throws Throwable {
        int mib = args.length > 2 ? Integer.parseInt(args[2]) : 256;
        Side before = redactor(Path.of(args[0]));
        Side after = redactor(Path.of(args[1]));
        Side copy = RedactSpeed::copy;
        String[] names = {"copy", "before", "after"};
        Side[] sides = {copy, before, after};
        measure("row-11 log lines, no literal", logLines(mib), names, sides);
        measure("common words, no literal", wordLines(mib), names, sides);
        measure("dense: password=, token, secret on every line", denseLines(mib / 16), names, sides);
        // a service sees both: a skip loop compiled while dense text ran must stay fast over plain text after it
        measure("row-11 log lines again, after the dense lines", logLines(mib), names, sides);
    }

    static void measure(String title, byte[] data, String[] names, Side[] sides) throws Throwable {
        long[] outs = new long[sides.length];
        for (int s = 0; s < sides.length; s++) { // warm-up, and every side puts out the same length (no secret in it)
            outs[s] = sides[s].run(data);
        }
        double[][] nanos = new double[sides.length][ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            for (int k = 0; k < sides.length; k++) {
                int s = round % 2 == 0 ? k : sides.length - 1 - k;
                long t = System.nanoTime();
                sides[s].run(data);
                nanos[s][round] = (System.nanoTime() - t) / (double) data.length;
            }
        }
        System.out.printf("%s, %d MiB (bytes out: %s)%n", title, data.length >> 20, Arrays.toString(outs));
        for (int s = 0; s < sides.length; s++) {
            double[] sorted = nanos[s].clone();
            Arrays.sort(sorted);
            System.out.printf("  %-6s ns/byte, median %.3f; rounds %s%n", names[s], sorted[ROUNDS / 2], format(nanos[s]));
        }
        double b = median(nanos[1]);
        double a = median(nanos[2]);
        double c = median(nanos[0]);
        System.out.printf("  after/before %.2f; redactor minus copy: before %.3f, after %.3f ns/byte%n", a / b, b - c, a - c);
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    static String format(double[] values) {
        List<String> out = new ArrayList<>();
        for (double v : values) {
            out.add(String.format("%.3f", v));
        }
        return String.join(" ", out);
    }

    /** The floor: the bytes copied in 64 KiB chunks into a window and out again, as the redactor does at least. */
    static long copy(byte[] data) {
        byte[] window = new byte[CHUNK];
        long out = 0;
        for (int at = 0; at < data.length; at += CHUNK) {
            int n = Math.min(CHUNK, data.length - at);
            ByteBuffer.wrap(data, at, n).get(window, 0, n);
            out += Arrays.copyOf(window, n).length;
        }
        return out;
    }

    /** A redactor of the classes in {@code classes}, loaded apart from the other build's. */
    static Side redactor(Path classes) throws Throwable {
        ClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, RedactSpeed.class.getClassLoader());
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

    /** The lines of row 11 (run.sh's awk), 128 bytes each. */
    static byte[] logLines(int mib) {
        String pad = "payload checksum ok; tags=alpha,beta,gamma; region=local-1; cache=warm; shard=07; trace=abcdef0123456789abcdef".substring(0, 86);
        return lines(mib, i -> String.format("%010d INFO request served in %03d ms %s\n", i, i % 997, pad));
    }

    /** Lines of common English words (none holds a literal of any rule), padded to 128 bytes. */
    static byte[] wordLines(int mib) {
        String[] words = ("the of and to in is was for on that with as by at from this be are or it an not have which has"
                + " but they he we were his all one had their there been can more if would will when who out so up no about"
                + " into than them some could time only other new these two may first then do any like my now over such our"
                + " man me even most made after also did many before must through back years where much your way well down"
                + " should because each just those people how too little state good very make world still own see men work"
                + " long get here between both life being under never day same another know while last might us great old"
                + " year off come since against go came right used take three request served response cache worker queue"
                + " started finished connection retry timeout loaded build module version update read write file path").split(" ");
        Random random = new Random(26);
        return lines(mib, i -> {
            StringBuilder line = new StringBuilder(String.format("%010d INFO", i));
            while (line.length() < 127) {
                line.append(' ').append(words[random.nextInt(words.length)]);
            }
            line.setLength(127);
            return line.append('\n').toString();
        });
    }

    /** The dense lines of row 11: a key name on every line, so every window runs the generic rule. */
    static byte[] denseLines(int mib) {
        return lines(mib, i -> String.format("%010d DEBUG config password=%s token refreshed ok, secret rotated %s\n", i, "see-vault",
                "......................................"));
    }

    interface Line {
        String of(int i);
    }

    static byte[] lines(int mib, Line line) {
        byte[] data = new byte[mib << 20];
        int at = 0;
        for (int i = 1; at < data.length; i++) {
            byte[] bytes = line.of(i).getBytes(StandardCharsets.US_ASCII);
            int n = Math.min(bytes.length, data.length - at);
            System.arraycopy(bytes, 0, data, at, n);
            at += n;
        }
        return data;
    }
}
