package dev.toolspill.inspect;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Documents built from known pieces, so a test knows the stored bytes of every value without parsing anything:
 * elements and members of every JSON kind, escapes, 2-, 3- and 4-byte characters, odd whitespace, a key written
 * twice, keys that need RFC 6901 escapes, and values far larger than a small limit.
 */
final class TestDocuments {

    private static final String[] SEPARATORS = {",", ", ", ",\n    ", " ,\t"};

    private TestDocuments() {
    }

    /** A JSON object; {@code results} are the elements of /results, {@code members} the members of /nested/level. */
    record Doc(String json, List<String> results, List<String> members, String big) {
    }

    static List<String> elements(Random random, int count) {
        return IntStream.range(0, count).mapToObj(i -> switch (i % 6) {
            case 0 -> "{\"id\": " + i + ", \"name\": \"ñame-" + i + "\", \"tags\": [\"a\", \"b\"]}";
            case 1 -> "-" + i + ".5e1";
            case 2 -> "\"s\\u00e9 \\\"q\\\" 😀 " + i + "\"";
            case 3 -> "[1, [2, {\"x\": null}], \"]\", {}]";
            case 4 -> i % 4 == 0 ? "true" : "null";
            default -> i % 30 == 5 ? "{\"blob\": \"" + "日本😀".repeat(200 + random.nextInt(300)) + "\", \"n\": " + i + "}"
                    : "{\"k\": {\"deep\": [" + i + "]}}";
        }).toList();
    }

    static String join(Random random, List<String> parts) {
        StringBuilder joined = new StringBuilder();
        for (int i = 0; i < parts.size(); i++) {
            joined.append(i == 0 ? "" : SEPARATORS[random.nextInt(SEPARATORS.length)]).append(parts.get(i));
        }
        return joined.toString();
    }

    static Doc object(long seed) {
        Random random = new Random(seed);
        List<String> results = elements(random, 120);
        List<String> members = new ArrayList<>();
        List<String> values = elements(random, 60);
        for (int i = 0; i < values.size(); i++) {
            members.add("\"k" + i + "\"" + (i % 2 == 0 ? ":" : " : ") + values.get(i));
        }
        members.add(30, "\"huge\": [" + IntStream.range(0, 700).mapToObj(i -> "\"€" + i + "\"").collect(Collectors.joining(", ")) + "]");
        String big = "\"" + "é€😀x".repeat(1200) + "\"";
        String json = "{\n  \"meta\": {\"count\": 120, \"query\": \"a/b ~ c\"},\n  \"results\": [\n    " + join(random, results)
                + "\n  ],\n  \"big\": " + big + ",\n  \"nested\": {\"level\": {" + join(random, members) + "}},\n"
                + "  \"a/b\": {\"m~n\": [10, 20, 30]},\n  \"\": \"empty key\",\n  \"meta\": {\"count\": 121}\n}";
        return new Doc(json, results, members, big);
    }

    /** A JSON array of {@code elements}, pretty-ish. */
    static String array(Random random, List<String> elements) {
        return "[\n  " + join(random, elements) + "\n]";
    }

    /** Lines of 1- to 4-byte characters, CRLF now and then, one line far longer than a small limit, no final newline. */
    static String text(long seed) {
        Random random = new Random(seed);
        return IntStream.rangeClosed(1, 300)
                .mapToObj(i -> "line " + i + " " + (i == 150 ? "ü€😀".repeat(900) : "ü€😀x".repeat(random.nextInt(12)))
                        + (i % 7 == 0 ? "\r\n" : "\n"))
                .collect(Collectors.joining()) + "the end, unterminated";
    }
}
