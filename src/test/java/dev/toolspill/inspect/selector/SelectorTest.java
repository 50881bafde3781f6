package dev.toolspill.inspect.selector;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Named.named;

/** Selector syntax of {@code inspect} (DESIGN.md, "inspect"). */
class SelectorTest {

    static Stream<Arguments> valid() {
        return Stream.of(
                Arguments.of(named("lines:20-50", "lines:20-50"), new Selector.Lines(20, 50)),
                Arguments.of(named("lines:7 (single line)", "lines:7"), new Selector.Lines(7, 7)),
                Arguments.of(named("lines:7- (open end)", "lines:7-"), new Selector.Lines(7, Long.MAX_VALUE)),
                Arguments.of(named("lines:1-1", "lines:1-1"), new Selector.Lines(1, 1)),
                Arguments.of(named("lines with 18 digits", "lines:1-999999999999999999"),
                        new Selector.Lines(1, 999_999_999_999_999_999L)),
                Arguments.of(named("slice:3..8", "slice:3..8"), new Selector.Slice(3, 8)),
                Arguments.of(named("slice:0..1", "slice:0..1"), new Selector.Slice(0, 1)),
                Arguments.of(named("slice:3.. (open end)", "slice:3.."), new Selector.Slice(3, Long.MAX_VALUE)),
                Arguments.of(named("key:results", "key:results"), new Selector.Key("results")),
                Arguments.of(named("key:a:b (colon in name)", "key:a:b"), new Selector.Key("a:b")),
                Arguments.of(named("key with spaces inside", "key:my key"), new Selector.Key("my key")),
                Arguments.of(named("quoted key with a trailing space", "key:\"trail \""), new Selector.Key("trail ")),
                Arguments.of(named("quoted empty key", "key:\"\""), new Selector.Key("")),
                Arguments.of(named("quoted key with escapes", "key:\"a\\\"b\\n\""), new Selector.Key("a\"b\n")),
                Arguments.of(named("surrounding blanks are ignored", "  lines:2-3 \n"), new Selector.Lines(2, 3)),
                Arguments.of(named("bytes:0..4096", "bytes:0..4096"), new Selector.Bytes(0, 4096)),
                Arguments.of(named("bytes:1000.. (open end)", "bytes:1000.."), new Selector.Bytes(1000, Long.MAX_VALUE)),
                Arguments.of(named("bytes with a continuation", "bytes:10..20 then lines:2-9"),
                        new Selector.Bytes(10, 20, new Selector.Lines(2, 9))),
                Arguments.of(named("bytes continuing with a page", "bytes:10..20 then path:/results slice:4..9"),
                        new Selector.Bytes(10, 20, new Selector.Path(pointer("results"), new Selector.Page(false, 4, 9)))),
                Arguments.of(named("path:/results/120/name", "path:/results/120/name"),
                        new Selector.Path(pointer("results", "120", "name"), null)),
                Arguments.of(named("path: (the whole document)", "path:"), new Selector.Path(JsonPointer.ROOT, null)),
                Arguments.of(named("path:/ (the empty key)", "path:/"), new Selector.Path(pointer(""), null)),
                Arguments.of(named("RFC 6901 escapes ~1 and ~0", "path:/a~1b/m~0n/~01"), new Selector.Path(pointer("a/b", "m~n", "~1"), null)),
                Arguments.of(named("a key with spaces and a colon", "path:/my key/a: b"), new Selector.Path(pointer("my key", "a: b"), null)),
                Arguments.of(named("path with slice", "path:/results slice:100..120"),
                        new Selector.Path(pointer("results"), new Selector.Page(false, 100, 120))),
                Arguments.of(named("path with keys, open end", "path:/shapes keys:50.."),
                        new Selector.Path(pointer("shapes"), new Selector.Page(true, 50, Long.MAX_VALUE))),
                Arguments.of(named("a page of the whole document", "path: keys:0..5"), new Selector.Path(JsonPointer.ROOT, new Selector.Page(true, 0, 5))),
                Arguments.of(named("quoted pointer that ends like a page", "path:\"/a slice:1..2\""),
                        new Selector.Path(pointer("a slice:1..2"), null)),
                Arguments.of(named("quoted pointer with a trailing space, then a page", "path:\"/a \" keys:0..3"),
                        new Selector.Path(pointer("a "), new Selector.Page(true, 0, 3))),
                Arguments.of(named("null", null), new Selector.Head()),
                Arguments.of(named("empty", ""), new Selector.Head()),
                Arguments.of(named("blank", "  "), new Selector.Head()));
    }

    static JsonPointer pointer(String... tokens) {
        return new JsonPointer(List.of(tokens));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("valid")
    void parses(String text, Selector expected) {
        assertEquals(expected, Selector.parse(text));
    }

    @ParameterizedTest(name = "toString round-trips: {0}")
    @MethodSource("valid")
    void toStringRoundTrips(String text, Selector expected) {
        Selector parsed = Selector.parse(text);
        assertEquals(parsed, Selector.parse(parsed.toString()), "parse(toString()) of " + parsed);
    }

    @Test
    void toStringForms() {
        assertEquals("lines:20-50", new Selector.Lines(20, 50).toString());
        assertEquals("lines:7-", new Selector.Lines(7, Long.MAX_VALUE).toString());
        assertEquals("slice:3..8", new Selector.Slice(3, 8).toString());
        assertEquals("slice:3..", new Selector.Slice(3, Long.MAX_VALUE).toString());
        assertEquals("key:a:b", new Selector.Key("a:b").toString());
        assertEquals("key:\" lead\"", new Selector.Key(" lead").toString(), "a key that needs it is shown quoted, and parses back");
        assertEquals(new Selector.Key(" lead"), Selector.parse(new Selector.Key(" lead").toString()));
        assertEquals(new Selector.Key(""), Selector.parse(new Selector.Key("").toString()));
        assertEquals("", new Selector.Head().toString());
        assertEquals("bytes:0..10", new Selector.Bytes(0, 10).toString());
        assertEquals("bytes:7..", new Selector.Bytes(7, Long.MAX_VALUE).toString());
        assertEquals("bytes:7..9 then slice:3..8", new Selector.Bytes(7, 9, new Selector.Slice(3, 8)).toString());
        assertEquals("path:/a~1b/m~0n", new Selector.Path(pointer("a/b", "m~n"), null).toString());
        assertEquals("path:", new Selector.Path(JsonPointer.ROOT, null).toString());
        assertEquals("path:/results slice:3..", new Selector.Path(pointer("results"), new Selector.Page(false, 3, Long.MAX_VALUE)).toString());
        assertEquals("path:\"/a keys:1..2\"", new Selector.Path(pointer("a keys:1..2"), null).toString(),
                "a pointer that would read as a page is written as a JSON string");
        assertEquals("path:\"/tab\\there \" slice:0..1", new Selector.Path(pointer("tab\there "), new Selector.Page(false, 0, 1)).toString());
        assertInstanceOf(Selector.Head.class, Selector.parse(new Selector.Head().toString()));
    }

    /** What the message must name: the form that would work. */
    static Stream<Arguments> invalid() {
        return Stream.of(
                Arguments.of(named("lines:0-5 (lines are 1-based)", "lines:0-5"), "lines:"),
                Arguments.of(named("lines:0 (lines are 1-based)", "lines:0"), "lines:"),
                Arguments.of(named("lines:9-3 (reversed)", "lines:9-3"), "lines:"),
                Arguments.of(named("slice:5..5 (empty)", "slice:5..5"), "slice:A..B"),
                Arguments.of(named("slice:5..2 (reversed)", "slice:5..2"), "slice:A..B"),
                Arguments.of(named("key: (no name)", "key:"), "key:NAME"),
                Arguments.of(named("key: followed by blanks only", "key:   "), "key:NAME"),
                Arguments.of(named("foo (unknown)", "foo"), "lines:A-B"),
                Arguments.of(named("lines:a-b (not numbers)", "lines:a-b"), "lines:A-B"),
                Arguments.of(named("slice:1-2 (lines syntax for a slice)", "slice:1-2"), "slice:A..B"),
                Arguments.of(named("lines:1..2 (slice syntax for lines)", "lines:1..2"), "lines:A-B"),
                Arguments.of(named("lines:-5 (negative)", "lines:-5"), "lines:A-B"),
                Arguments.of(named("lines:99999999999999999999-1 (too many digits)", "lines:99999999999999999999-1"),
                        "lines:A-B"),
                Arguments.of(named("slice:0..99999999999999999999 (too many digits)", "slice:0..99999999999999999999"),
                        "slice:A..B"),
                Arguments.of(named("LINES:1-2 (case)", "LINES:1-2"), "lines:A-B"),
                Arguments.of(named("bytes:5..5 (empty)", "bytes:5..5"), "bytes:A..B"),
                Arguments.of(named("bytes:9..3 (reversed)", "bytes:9..3"), "bytes:A..B"),
                Arguments.of(named("bytes:-1..3 (negative)", "bytes:-1..3"), "bytes:A..B"),
                Arguments.of(named("bytes:0-10 (lines syntax)", "bytes:0-10"), "bytes:A..B"),
                Arguments.of(named("bytes:0..10 then (nothing after)", "bytes:0..10 then "), "bytes:A..B"),
                Arguments.of(named("bytes:0..1 then bytes:1..2 then lines:1-2 (a chain of bytes:)", "bytes:0..1 then bytes:1..2 then lines:1-2"),
                        "other than bytes:"),
                Arguments.of(named("path without a leading slash", "path:results/0"), "starts with '/'"),
                Arguments.of(named("path with a bad escape", "path:/a~2b"), "~0"),
                Arguments.of(named("path with a ~ at the end", "path:/a~"), "~1"),
                Arguments.of(named("path with an empty page", "path:/shapes keys:5..5"), "keys:A..B"),
                Arguments.of(named("page without a pointer", "path:slice:0..3"), "path: slice:0..3"),
                Arguments.of(named("unterminated quoted pointer", "path:\"/a"), "path:\"/POINTER\""),
                Arguments.of(named("quoted pointer followed by junk", "path:\"/a\" rows:1..2"), "keys:A..B"));
    }

    private static final Pattern EXAMPLE = Pattern.compile("(?:lines:\\d+(?:-\\d+)?|slice:\\d+\\.\\.\\d+|key:[a-z_]+)");

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalid")
    void rejectsWithAHelpfulMessage(String text, String mustMention) {
        InvalidSelectorException e = assertThrows(InvalidSelectorException.class, () -> Selector.parse(text));
        assertInstanceOf(IllegalArgumentException.class, e);
        String msg = e.getMessage();
        assertTrue(msg != null && msg.contains(mustMention), "message should mention " + mustMention + ": " + msg);
        assertTrue(msg.contains(text.strip()), "message should quote the selector: " + msg);
        // Every concrete example the message offers must itself be a valid selector.
        Matcher m = EXAMPLE.matcher(msg);
        List<String> examples = new ArrayList<>();
        while (m.find()) {
            examples.add(m.group());
        }
        for (String example : examples) {
            if (example.equals(text.strip())) {
                continue; // the quoted bad selector itself
            }
            Selector.parse(example);
        }
        // A message naming a form also says what it means or shows a working example.
        assertFalse(msg.isBlank());
    }

    @Test
    void lineRangeErrorsOfferAWorkingLineExample() {
        for (String bad : new String[] {"lines:0-5", "lines:9-3", "lines:0"}) {
            String msg = assertThrows(InvalidSelectorException.class, () -> Selector.parse(bad)).getMessage();
            assertTrue(msg.contains("1-based"), msg);
            assertTrue(Pattern.compile("lines:\\d+-\\d+").matcher(msg.replace(bad, "")).find(),
                    "should show a working lines:A-B example: " + msg);
        }
    }

    /** Every line-range syntax error names the form that works. */
    @ParameterizedTest(name = "{0} names the lines:A-B form")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"lines:0-5", "lines:9-3", "lines:0", "lines:0-"})
    void lineRangeErrorsNameTheLinesForm(String bad) {
        String msg = assertThrows(InvalidSelectorException.class, () -> Selector.parse(bad)).getMessage();
        assertTrue(msg.contains("lines:A-B"), "message does not name lines:A-B: " + msg);
    }

    @Test
    void unknownSelectorListsEveryForm() {
        String msg = assertThrows(InvalidSelectorException.class, () -> Selector.parse("foo")).getMessage();
        for (String form : new String[] {"lines:A-B", "slice:A..B", "key:NAME", "bytes:A..B", "path:/", "keys:A..B"}) {
            assertTrue(msg.contains(form), form + " missing from: " + msg);
        }
    }

    /** Any key, however odd, reads back from the selector a pointer to it is written as. */
    @Test
    void pointersToAnyKeysRoundTrip() {
        Random random = new Random(6901);
        String alphabet = "ab/~01 :\"\t\n.é😀[]{}-";
        for (int i = 0; i < 2000; i++) {
            List<String> tokens = new ArrayList<>();
            for (int t = random.nextInt(4); t >= 0; t--) {
                StringBuilder token = new StringBuilder();
                for (int c = random.nextInt(6); c > 0; c--) {
                    token.appendCodePoint(alphabet.codePoints().toArray()[random.nextInt((int) alphabet.codePoints().count())]);
                }
                tokens.add(token.toString());
            }
            Selector.Page page = random.nextBoolean() ? null : new Selector.Page(random.nextBoolean(), 3, 9);
            Selector.Path path = new Selector.Path(new JsonPointer(tokens), page);
            assertEquals(path, Selector.parse(path.toString()), path.toString());
            assertEquals(path, Selector.parse(new Selector.Bytes(1, 2, path).toString()) instanceof Selector.Bytes b ? b.then() : null);
        }
    }

    @Test
    void pointerTokensFollowRfc6901() {
        assertEquals(List.of("foo", "0"), JsonPointer.parse("/foo/0").tokens());
        assertEquals(List.of("a/b"), JsonPointer.parse("/a~1b").tokens());
        assertEquals(List.of("m~n"), JsonPointer.parse("/m~0n").tokens());
        assertEquals(List.of("~1"), JsonPointer.parse("/~01").tokens(), "~01 is ~ then 1, not /");
        assertEquals(List.of(""), JsonPointer.parse("/").tokens());
        assertEquals(List.of("", ""), JsonPointer.parse("//").tokens());
        assertEquals(List.of(), JsonPointer.parse("").tokens());
        assertEquals(0, JsonPointer.index("0"));
        assertEquals(120, JsonPointer.index("120"));
        assertEquals(-1, JsonPointer.index("01"), "leading zeros are not an index");
        assertEquals(-1, JsonPointer.index("-"), "'-' names the element past the end, which never exists");
        assertEquals(-1, JsonPointer.index("1e3"));
        assertEquals(-1, JsonPointer.index(""));
    }
}
