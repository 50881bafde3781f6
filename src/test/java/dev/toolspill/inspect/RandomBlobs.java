package dev.toolspill.inspect;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Random blobs built from known pieces, so a property knows the stored bytes of every line, element, member and
 * value without asking the code under test: texts of 1- to 4-byte characters with long lines and CRLF, and JSON
 * documents with odd whitespace, escapes, keys written twice and keys that need RFC 6901 escapes.
 */
final class RandomBlobs {

    /** Characters of every UTF-8 length, tabs and the bytes pointers and selectors treat specially. */
    private static final String[] CHARACTERS = {"a", "b", "z", "0", "7", " ", " ", "\t", "-", "/", "~", ":", "\"", "[", "{",
            "é", "ñ", "ü", "€", "日", "本", "😀", "𝄞"};

    /** Keys as stored (JSON escapes included) and as read: a small pool, so objects often repeat a key. */
    private static final String[][] KEYS = {{"id", "id"}, {"name", "name"}, {"a/b", "a/b"}, {"m~n", "m~n"}, {"~1", "~1"},
            {"ü", "ü"}, {"\\u00fc", "ü"}, {"😀x", "😀x"}, {"a b", "a b"}, {" lead", " lead"}, {"trail ", "trail "}, {"", ""},
            {"x slice:1..2", "x slice:1..2"}, {"q\\\"t", "q\"t"}, {"0", "0"}, {"12", "12"}};

    private static final String[] SPACES = {"", "", "", " ", "\n  ", "\t", "\r\n", "  "};

    private RandomBlobs() {
    }

    /** A text and its lines, each as stored with its end of line (the last one may have none). */
    record Text(String text, List<String> lines) {
        byte[] bytes() {
            return text.getBytes(StandardCharsets.UTF_8);
        }
    }

    /** A JSON value as stored; an array's elements or an object's members (each {@code "key": value} as stored). */
    record Json(String text, List<Json> elements, List<Member> members) {
        boolean isArray() {
            return elements != null;
        }

        boolean isObject() {
            return members != null;
        }

        /** The value of {@code key} as jq reads it: the last member with that key. */
        Json valueOf(String key) {
            Json found = null;
            for (Member member : members) {
                if (member.key().equals(key)) {
                    found = member.value();
                }
            }
            return found;
        }
    }

    record Member(String key, String text, Json value) {
    }

    private static Arbitrary<String> characters(int min, int max) {
        return Arbitraries.of(CHARACTERS).list().ofMinSize(min).ofMaxSize(max).map(chars -> String.join("", chars));
    }

    /** Lines short and long (a few far over any small limit), ending in LF or CRLF; the last one maybe unterminated. */
    static Arbitrary<Text> texts() {
        Arbitrary<String> body = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(12, characters(0, 60)),
                net.jqwik.api.Tuple.of(1, characters(400, 1500)));
        Arbitrary<String> line = Combinators.combine(body, Arbitraries.of("\n", "\n", "\n", "\r\n")).as(String::concat);
        return Combinators.combine(line.list().ofMinSize(1).ofMaxSize(120), Arbitraries.of(true, false))
                .as((lines, open) -> {
                    List<String> all = new ArrayList<>();
                    for (int i = 0; i < lines.size(); i++) {
                        // each line starts with its number, so the text never reads as JSON
                        String numbered = "line " + (i + 1) + " " + lines.get(i);
                        all.add(open && i == lines.size() - 1 ? numbered.substring(0, numbered.length() - (numbered.endsWith("\r\n") ? 2 : 1))
                                : numbered);
                    }
                    return new Text(String.join("", all), all);
                });
    }

    private static Arbitrary<Json> scalars() {
        Arbitrary<String> strings = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(8, characters(0, 20)),
                net.jqwik.api.Tuple.of(1, characters(300, 1200)))
                .map(s -> "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\t", "\\t") + "\"");
        Arbitrary<String> escaped = Arbitraries.of("\"\\u00e9\\n\\\\\"", "\"\\ud83d\\ude00 \\/\"", "\"\\\"]}\"");
        Arbitrary<String> others = Arbitraries.of("0", "-12", "3.5e-2", "1E+3", "true", "false", "null", "123456789012345678901234567890");
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(4, strings), net.jqwik.api.Tuple.of(1, escaped), net.jqwik.api.Tuple.of(3, others))
                .map(text -> new Json(text, null, null));
    }

    private static Arbitrary<String> space() {
        return Arbitraries.of(SPACES);
    }

    /** Any JSON value, at most {@code depth} levels of arrays and objects deep. */
    static Arbitrary<Json> values(int depth) {
        if (depth == 0) {
            return scalars();
        }
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(3, scalars()), net.jqwik.api.Tuple.of(1, arrays(depth)),
                net.jqwik.api.Tuple.of(1, objects(depth)));
    }

    /** A piece of an array or object with the whitespace written around it. */
    private record Spaced<T>(String before, T piece, String after) {
    }

    static Arbitrary<Json> arrays(int depth) {
        Arbitrary<Spaced<Json>> element = Combinators.combine(space(), Arbitraries.lazy(() -> values(depth - 1)), space()).as(Spaced::new);
        return Combinators.combine(element.list().ofMaxSize(depth > 2 ? 40 : 8), space()).as((pieces, empty) -> new Json(
                "[" + (pieces.isEmpty() ? empty : pieces.stream().map(e -> e.before() + e.piece().text() + e.after())
                        .collect(Collectors.joining(","))) + "]",
                pieces.stream().map(Spaced::piece).toList(), null));
    }

    static Arbitrary<Json> objects(int depth) {
        Arbitrary<Member> member = Combinators.combine(Arbitraries.of(KEYS), space(), space(), Arbitraries.lazy(() -> values(depth - 1)))
                .as((key, beforeColon, afterColon, value) -> new Member(key[1], "\"" + key[0] + "\"" + beforeColon + ":" + afterColon
                        + value.text(), value));
        Arbitrary<Spaced<Member>> spaced = Combinators.combine(space(), member, space()).as(Spaced::new);
        return Combinators.combine(spaced.list().ofMaxSize(depth > 2 ? 30 : 6), space()).as((pieces, empty) -> new Json(
                "{" + (pieces.isEmpty() ? empty : pieces.stream().map(m -> m.before() + m.piece().text() + m.after())
                        .collect(Collectors.joining(","))) + "}",
                null, pieces.stream().map(Spaced::piece).toList()));
    }

    /** A JSON array or object as a whole blob. */
    static Arbitrary<Json> documents() {
        return Arbitraries.oneOf(arrays(3), objects(3));
    }
}
