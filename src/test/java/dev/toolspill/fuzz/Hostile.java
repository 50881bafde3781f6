package dev.toolspill.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

/**
 * Hostile values drawn from one seeded {@link Random}: ids, selectors, Range and conditional headers, content types,
 * bodies with invalid UTF-8, NUL bytes, deep nesting and huge numbers. Nothing here spells a marker the leak check
 * looks for, so whatever an answer echoes back cannot be mistaken for a leak.
 */
final class Hostile {

    private final Random random;
    private final List<String> ids;

    Hostile(Random random, List<String> ids) {
        this.random = random;
        this.ids = ids;
    }

    <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    boolean chance(int percent) {
        return random.nextInt(100) < percent;
    }

    int upTo(int max) {
        return random.nextInt(max + 1);
    }

    private static final List<String> ODD = List.of("", " ", "%00", "%2e%2e%2f", "..", "%2F", "+", "%EF%BC%91", "%D9%A1",
            "%C0%AF", "%FF", "%E2%80%AE", "null", "-1", "9".repeat(40), "%20", "%0a", "%22", "'", "%5C");

    /** Mostly a stored id (so the selector is what is tested), else any {@link #id()}. */
    String storedId() {
        return !ids.isEmpty() && chance(70) ? pick(ids) : id();
    }

    /** An id: a stored one, one a digit away, a mangled spelling, or something that is no id at all. */
    String id() {
        String known = ids.isEmpty() ? "0190a5b0-0000-7000-8000-000000000000" : pick(ids);
        return switch (random.nextInt(9)) {
            case 0, 1 -> known;
            case 2 -> known.toUpperCase();
            case 3 -> known.substring(0, known.length() - 1) + Character.forDigit(random.nextInt(16), 16);
            case 4 -> "+" + known.substring(1);
            case 5 -> known.replace("-", "");
            case 6 -> known + pick(ODD);
            case 7 -> pick(ODD);
            default -> "x".repeat(upTo(600));
        };
    }

    private static final List<String> SELECTORS = List.of("lines:1-3", "lines:0-0", "lines:-1-5", "lines:5-2", "lines:1-",
            "lines:99999999999999999999-1", "lines:1-9223372036854775807", "slice:0..2", "slice:3..1", "slice:..", "slice:0..",
            "slice:-5..2", "key:a", "key:\"a\"", "key:\"\\u0000\"", "key:\"unterminated", "key:", "bytes:0..10", "bytes:10..0",
            "bytes:0..", "bytes:1..2", "bytes:-1..5", "bytes:0..99999999999999999999", "path:", "path:/", "path:/a/0",
            "path:/~2", "path:/a~", "path:/results slice:0..1", "path:/a keys:0..5", "path:/a keys:5..0", "path:" + "/a".repeat(300),
            "lines:1-2 then lines:3-4", "nonsense", "LINES:1-2", "lines:١-٢", "lines:１-２", "\u0000", "lines:1-2\u0000");

    String selector() {
        String base = pick(SELECTORS);
        return switch (random.nextInt(5)) {
            case 0 -> base + pick(ODD);
            case 1 -> base.repeat(1 + upTo(3));
            case 2 -> new String(bytes(upTo(40)), StandardCharsets.ISO_8859_1);
            default -> base;
        };
    }

    private static final List<String> RANGES = List.of("bytes=0-0", "bytes=0-10", "bytes=-5", "bytes=5-", "bytes=10-5",
            "bytes=0-0,2-3", "bytes=99999999999999999999-", "bytes=-0", "bytes=0-99999999999999999999", "items=0-1", "bytes=",
            "bytes= 1 - 2", "bytes=1-2-3", "bytes=--1", "bytes=a-b", "bytes=0-1,", "bytes=1000000-2000000", "Bytes=0-1",
            "bytes=0-1" + ",0-1".repeat(50), "bytes=-9223372036854775808", "bytes=9223372036854775807-");

    String range() {
        return pick(RANGES);
    }

    private static final List<String> TAGS = List.of("*", "\"x\"", "W/\"x\"", "\"", "\"a\", \"b\"", "garbage", "\"" + "e".repeat(500) + "\"",
            "Thu, 01 Jan 1970 00:00:00 GMT", "not a date", "");

    String tag() {
        return random.nextBoolean() && !ids.isEmpty() ? "\"" + pick(ids) + "\"" : pick(TAGS);
    }

    private static final List<String> TYPES = List.of("text/plain", "text/plain; charset=utf-8", "text/plain; charset=ISO-8859-1",
            "text/plain; charset=utf-16", "text/plain; charset=nonsense", "text/plain; charset=", "application/json",
            "application/json; charset=utf-8", "application/json; charset=latin1", "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x", "application/octet-stream", "text/html", "*/*", "garbage", "text/plain;;;",
            "application/json; charset=\"utf-8\"", "image/png");

    String contentType() {
        return pick(TYPES);
    }

    /** Random bytes: invalid UTF-8, NUL bytes, anything. */
    byte[] bytes(int n) {
        byte[] bytes = new byte[n];
        random.nextBytes(bytes);
        return bytes;
    }

    /** Text of many lines, optionally with NUL bytes and broken UTF-8 sequences inside. */
    byte[] text(int n) {
        StringBuilder text = new StringBuilder(n + 16);
        while (text.length() < n) {
            text.append(pick(List.of("a line of output ", "ünïcödé ", "日本語 ", "😀 ", "\t", "\n", "\r\n", "\u0000", "\"", "\\")));
        }
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        if (chance(20) && bytes.length > 4) {
            bytes[random.nextInt(bytes.length)] = (byte) (0x80 + random.nextInt(0x80)); // a broken sequence
        }
        return bytes;
    }

    /** A JSON-ish document: valid, deeply nested, with huge numbers or odd strings, or cut short. */
    String json(int depth) {
        return switch (random.nextInt(12)) {
            case 0 -> "[".repeat(depth) + "]".repeat(random.nextBoolean() ? depth : depth / 2);
            case 1 -> "{\"a\":".repeat(depth) + "1" + "}".repeat(depth);
            case 2 -> "1" + "0".repeat(upTo(5000));
            case 3 -> "-1e99999999999";
            case 4 -> "\"" + "\\ud800".repeat(upTo(10)) + "\"";
            case 5 -> "{\"a\":1,\"a\":2}";
            case 6 -> "{\"" + "k".repeat(upTo(3000)) + "\":[1,2,3]}";
            case 7 -> "[" + "1,".repeat(upTo(2000)) + "1]";
            case 8 -> "{\"results\":[{\"name\":\"n\",\"v\":" + upTo(100) + "}],\"x\":null}";
            case 9 -> "{\"a\":\"\\u0000\",\"b\":[true,false,null]}";
            case 10 -> "{\"unterminated\":[1,2";
            default -> "[\"" + "x".repeat(upTo(200)) + "\", 1.5e308, -0, 12345678901234567890123]";
        };
    }

    /** A JSON string literal of hostile text. */
    String jsonString() {
        String text = pick(List.of("hi", "", "\\u0000", "ünï", "\\ud800", "x".repeat(upTo(900)), "\\\"", "line\\nline", "😀"));
        return "\"" + text + "\"";
    }
}
