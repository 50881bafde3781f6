package dev.toolspill.api;

import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Range headers against a reference written here from RFC 9110 §14.1.2 with unbounded integers: for random sizes and
 * random single ranges ({@code first-last}, {@code first-}, {@code -suffix}, huge numbers, leading zeros, any case of
 * the unit), the selection is the same. Seeded ({@code -Dproperty.seed=N} replays a failure).
 */
class HttpRangePropertyTest {

    static final long SEED = Long.getLong("property.seed", System.nanoTime());

    static String number(Random random, long max) {
        return switch (random.nextInt(8)) {
            case 0 -> "0".repeat(1 + random.nextInt(3)) + random.nextInt(50);
            case 1 -> new BigInteger(90, random).toString(); // past any long
            case 2 -> Long.toString(Long.MAX_VALUE - random.nextInt(3));
            default -> Long.toString((long) (random.nextDouble() * (max + 5)));
        };
    }

    /** The reference: what the header selects, as "whole", "416" or "first-last". */
    static String reference(String spec, long size) {
        BigInteger n = BigInteger.valueOf(size);
        if (spec.startsWith("-")) {
            BigInteger suffix = new BigInteger(spec.substring(1));
            if (suffix.signum() == 0 || size == 0) {
                return "416";
            }
            BigInteger first = n.subtract(suffix).max(BigInteger.ZERO);
            return first + "-" + (size - 1);
        }
        String[] parts = spec.split("-", -1);
        BigInteger first = new BigInteger(parts[0]);
        BigInteger last = parts[1].isEmpty() ? null : new BigInteger(parts[1]);
        if (last != null && last.compareTo(first) < 0) {
            return "whole";
        }
        if (first.compareTo(n) >= 0) {
            return "416";
        }
        BigInteger end = last == null ? n.subtract(BigInteger.ONE) : last.min(n.subtract(BigInteger.ONE));
        return first + "-" + end;
    }

    static String actual(HttpRange.Selection selection) {
        if (selection instanceof HttpRange.Part part) {
            return part.first() + "-" + part.last();
        }
        return selection instanceof HttpRange.Unsatisfiable ? "416" : "whole";
    }

    @Test
    void aSingleRangeSelectsWhatTheRfcSays() {
        Random random = new Random(SEED);
        for (int round = 0; round < 20_000; round++) {
            long size = random.nextInt(4) == 0 ? random.nextInt(3) : random.nextInt(5000);
            String spec = switch (random.nextInt(3)) {
                case 0 -> number(random, size) + "-" + number(random, size);
                case 1 -> number(random, size) + "-";
                default -> "-" + number(random, size);
            };
            String unit = random.nextBoolean() ? "bytes" : "BYTES";
            String header = unit + "=" + (random.nextBoolean() ? spec : " " + spec + " ,");
            String context = "seed " + SEED + ", round " + round + ": " + header + " of " + size;
            assertEquals(reference(spec, size), actual(HttpRange.select(header, size)), context);
        }
    }

    @Test
    void whatIsNotOneByteRangeSelectsTheWhole() {
        Random random = new Random(SEED + 1);
        String[] odd = {"items=0-1", "bytes=0-1,3-4", "bytes=", "bytes=a-b", "bytes=1-2-3", "bytes=--1", "bytes 0-1", "=0-1", "bytes=+1-2", "bytes=١-٢"};
        for (int round = 0; round < 1000; round++) {
            String header = odd[random.nextInt(odd.length)];
            assertEquals("whole", actual(HttpRange.select(header, random.nextInt(100))), "seed " + SEED + ": " + header);
        }
    }
}
