package dev.toolspill.inspect;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;

/**
 * Random blobs built from known pieces, so a property knows the stored bytes of every line, element, member and
 * value without asking the code under test: texts of 1- to 4-byte characters with long lines and CRLF, and JSON
 * documents with odd whitespace, escapes, keys written twice and keys that need RFC 6901 escapes. Everything comes
 * from the {@link Random} given, so a seed reproduces a blob.
 */
final class RandomBlobs {

    /** Characters of every UTF-8 length, tabs and the bytes pointers and selectors treat specially. */
    static final String[] CHARACTERS = {"a", "b", "z", "0", "7", " ", " ", "\t", "-", "/", "~", ":", "\"", "[", "{",
            "é", "ñ", "ü", "€", "日", "本", "😀", "𝄞"};

    /** Keys as stored (JSON escapes included) and as read: a small pool, so objects often repeat a key. */
    private static final String[][] KEYS = {{"id", "id"}, {"name", "name"}, {"a/b", "a/b"}, {"m~n", "m~n"}, {"~1", "~1"},
            {"ü", "ü"}, {"\\u00fc", "ü"}, {"😀x", "😀x"}, {"a b", "a b"}, {" lead", " lead"}, {"trail ", "trail "}, {"", ""},
            {"x slice:1..2", "x slice:1..2"}, {"q\\\"t", "q\"t"}, {"0", "0"}, {"12", "12"}};

    private static final String[] SPACES = {"", "", "", " ", "\n  ", "\t", "\r\n", "  "};
    private static final String[] ESCAPED = {"\"\\u00e9\\n\\\\\"", "\"\\ud83d\\ude00 \\/\"", "\"\\\"]}\""};
    private static final String[] OTHERS = {"0", "-12", "3.5e-2", "1E+3", "true", "false", "null", "123456789012345678901234567890"};

    private RandomBlobs() {
    }

    /** A text and its lines, each as stored with its end of line (the last one may have none). */
    record Text(String text, List<String> lines) {
        byte[] bytes() {
            return text.getBytes(StandardCharsets.UTF_8);
        }

        /** Line {@code number} (1-based) as grep shows it: without its {@code \n} or {@code \r\n}. */
        String shown(int number) {
            String line = lines.get(number - 1);
            return line.endsWith("\r\n") ? line.substring(0, line.length() - 2) : line.endsWith("\n") ? line.substring(0, line.length() - 1) : line;
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

    static String characters(Random random, int min, int max) {
        StringBuilder out = new StringBuilder();
        for (int n = min + random.nextInt(max - min + 1); n > 0; n--) {
            out.append(CHARACTERS[random.nextInt(CHARACTERS.length)]);
        }
        return out.toString();
    }

    /** A size up to {@code max}, mostly small: half of them at most a quarter of it. */
    private static int size(Random random, int min, int max) {
        int top = random.nextBoolean() ? Math.max(min, max / 4) : max;
        return min + random.nextInt(top - min + 1);
    }

    /** Lines short and long (a few far over any small limit), ending in LF or CRLF; the last one maybe unterminated. */
    static Text text(Random random) {
        int count = size(random, 1, 120);
        boolean open = random.nextBoolean();
        List<String> all = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String body = random.nextInt(13) == 0 ? characters(random, 400, 1500) : characters(random, 0, 60);
            String end = random.nextInt(4) == 0 ? "\r\n" : "\n";
            // each line starts with its number, so the text never reads as JSON
            String numbered = "line " + (i + 1) + " " + body + (open && i == count - 1 ? "" : end);
            all.add(numbered);
        }
        return new Text(String.join("", all), all);
    }

    private static Json scalar(Random random) {
        int pick = random.nextInt(8);
        String text;
        if (pick < 4) {
            String s = random.nextInt(9) == 0 ? characters(random, 300, 1200) : characters(random, 0, 20);
            text = "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\t", "\\t") + "\"";
        } else if (pick == 4) {
            text = ESCAPED[random.nextInt(ESCAPED.length)];
        } else {
            text = OTHERS[random.nextInt(OTHERS.length)];
        }
        return new Json(text, null, null);
    }

    private static String space(Random random) {
        return SPACES[random.nextInt(SPACES.length)];
    }

    /** Any JSON value, at most {@code depth} levels of arrays and objects deep. */
    static Json value(Random random, int depth) {
        int pick = depth == 0 ? 0 : random.nextInt(5);
        return pick < 3 ? scalar(random) : pick == 3 ? array(random, depth) : object(random, depth);
    }

    static Json array(Random random, int depth) {
        List<Json> elements = new ArrayList<>();
        List<String> written = new ArrayList<>();
        for (int n = size(random, 0, depth > 2 ? 40 : 8); n > 0; n--) {
            Json element = value(random, depth - 1);
            elements.add(element);
            written.add(space(random) + element.text() + space(random));
        }
        String inside = elements.isEmpty() ? space(random) : String.join(",", written);
        return new Json("[" + inside + "]", elements, null);
    }

    static Json object(Random random, int depth) {
        List<Member> members = new ArrayList<>();
        List<String> written = new ArrayList<>();
        for (int n = size(random, 0, depth > 2 ? 30 : 6); n > 0; n--) {
            String[] key = KEYS[random.nextInt(KEYS.length)];
            Json value = value(random, depth - 1);
            Member member = new Member(key[1], "\"" + key[0] + "\"" + space(random) + ":" + space(random) + value.text(), value);
            members.add(member);
            written.add(space(random) + member.text() + space(random));
        }
        String inside = members.isEmpty() ? space(random) : written.stream().collect(Collectors.joining(","));
        return new Json("{" + inside + "}", null, members);
    }

    /** A JSON array or object as a whole blob. */
    static Json document(Random random) {
        return random.nextBoolean() ? array(random, 3) : object(random, 3);
    }
}
