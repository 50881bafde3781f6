package dev.toolspill.inspect.selector;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Named.named;

/** The grammar of {@code grep:} (src/docs/design.md, "grep:"). */
class GrepKindTest {

    private static final long ALL = Long.MAX_VALUE;

    static Stream<Arguments> valid() {
        return Stream.of(
                Arguments.of(named("a word", "grep:timeout"), new Selector.Grep("timeout", false, false, 0, ALL, -1)),
                Arguments.of(named("text with spaces", "grep:connection refused"), new Selector.Grep("connection refused", false, false, 0, ALL, -1)),
                Arguments.of(named("options after the text", "grep:connection refused context:2 max:20"),
                        new Selector.Grep("connection refused", false, false, 2, 20, -1)),
                Arguments.of(named("options in any order", "grep:x from:1235 context:1"), new Selector.Grep("x", false, false, 1, ALL, 1235)),
                Arguments.of(named("a quoted literal", "grep:\"a b \""), new Selector.Grep("a b ", false, false, 0, ALL, -1)),
                Arguments.of(named("a quoted literal ignoring case", "grep:\"Timeout\"i max:5"), new Selector.Grep("Timeout", false, true, 0, 5, -1)),
                Arguments.of(named("a quoted literal that looks like an option", "grep:\"x max:3\""), new Selector.Grep("x max:3", false, false, 0, ALL, -1)),
                Arguments.of(named("quoted text starting with /", "grep:\"/api/v1\""), new Selector.Grep("/api/v1", false, false, 0, ALL, -1)),
                Arguments.of(named("a regex", "grep:/time(d )?out/"), new Selector.Grep("time(d )?out", true, false, 0, ALL, -1)),
                Arguments.of(named("a regex ignoring case", "grep:/time(d )?out/i context:2"), new Selector.Grep("time(d )?out", true, true, 2, ALL, -1)),
                Arguments.of(named("a regex with slashes inside", "grep:/a/b/ max:1"), new Selector.Grep("a/b", true, false, 0, 1, -1)),
                Arguments.of(named("a regex with spaces", "grep:/a b/i from:3"), new Selector.Grep("a b", true, true, 0, ALL, 3)),
                Arguments.of(named("the text with a colon", "grep:status:500"), new Selector.Grep("status:500", false, false, 0, ALL, -1)),
                Arguments.of(named("text with an option word that is not a number", "grep:mail from: bob"),
                        new Selector.Grep("mail from: bob", false, false, 0, ALL, -1)),
                Arguments.of(named("a quoted literal that ends like a mistyped option", "grep:\"status max:-1\""),
                        new Selector.Grep("status max:-1", false, false, 0, ALL, -1)));
    }

    @ParameterizedTest
    @MethodSource("valid")
    void parses(String text, Selector.Grep expected) {
        assertEquals(expected, Selector.parse(text));
        assertEquals(expected, Selector.parse(expected.toString()), "written back, it reads back the same: " + expected);
    }

    @Test
    void writesThePlainestFormThatReadsBack() {
        assertEquals("grep:timeout context:2 max:20 from:7", Selector.parse("grep:timeout from:7 max:20 context:2").toString());
        assertEquals("grep:\"x max:3\"", new Selector.Grep("x max:3", false, false, 0, ALL, -1).toString());
        assertEquals("grep:\" lead\"", new Selector.Grep(" lead", false, false, 0, ALL, -1).toString());
        assertEquals("grep:\"/root\"", new Selector.Grep("/root", false, false, 0, ALL, -1).toString());
        assertEquals("grep:\"tab\\there\"", new Selector.Grep("tab\there", false, false, 0, ALL, -1).toString());
        assertEquals("grep:\"Case\"i from:4", new Selector.Grep("Case", false, true, 0, ALL, 4).toString());
        assertEquals("bytes:10..20 then grep:/a.b/i from:9", Selector.parse("bytes:10..20 then grep:/a.b/i from:9").toString());
        Random random = new Random(5);
        String alphabet = " \"/\\tmax:1ab\nié";
        for (int i = 0; i < 500; i++) {
            StringBuilder pattern = new StringBuilder();
            for (int k = 1 + random.nextInt(12); k > 0; k--) {
                pattern.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            if (pattern.toString().isBlank()) {
                continue;
            }
            Selector.Grep grep = new Selector.Grep(pattern.toString(), false, random.nextBoolean(), random.nextInt(3), ALL, random.nextInt(3) - 1);
            assertEquals(grep, Selector.parse(grep.toString()), grep.toString());
        }
    }

    static Stream<Arguments> invalid() {
        return Stream.of(
                Arguments.of("grep:", "has no pattern"),
                Arguments.of("grep: max:3", "has no pattern"),
                Arguments.of("grep:\"\"", "has an empty pattern"),
                Arguments.of("grep:\"open", "starts a quoted pattern but is not one JSON string"),
                Arguments.of("grep:/api/v1", "does not close it with /; for text that starts with /, write it as a JSON string, e.g. grep:\"/api/v1\""),
                Arguments.of("grep:/api/x", "flags 'x', but the one flag is i (ignore case); for text that starts with /, write it as a JSON "
                        + "string, e.g. grep:\"/api/x\""),
                Arguments.of("grep:/open", "starts a regular expression with / but does not close it with /"),
                Arguments.of("grep:x max:0", "asks for at most 0 matches"),
                Arguments.of("grep:x context:51", "asks for 51 context lines; at most 50 are shown"),
                Arguments.of("grep:x max:1 max:2", "names max: twice"),
                Arguments.of("grep:status max:-1", "ends with 'max:-1', which is not an option"),
                Arguments.of("grep:status Max:5", "ends with 'Max:5', which is not an option"),
                Arguments.of("grep:status max: 5", "to search for this text itself, write it as a JSON string, e.g. grep:\"status max: 5\""),
                Arguments.of("grep:status from:99999999999999999999", "ends with 'from:99999999999999999999', which is not an option"),
                Arguments.of("grep:x" + " max:1".repeat(5000), "names max: twice"),
                Arguments.of("grep:\"x\"g", "has the flags 'g'"));
    }

    @ParameterizedTest
    @MethodSource("invalid")
    void refusesWithWhatWouldWork(String text, String why) {
        InvalidSelectorException e = assertThrows(InvalidSelectorException.class, () -> Selector.parse(text));
        assertTrue(e.getMessage().contains(why), e.getMessage());
        assertTrue(e.getMessage().contains("e.g. grep:timeout, grep:\"Connection refused\"i max:20, grep:/time(d )?out/i context:2"),
                e.getMessage());
    }
}
