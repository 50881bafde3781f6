package dev.toolspill.output;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PromoterTest {

    private final Promoter promoter = new Promoter(800, new ObjectMapper());

    @Test
    void eightHundredAsciiBytesStayInline() {
        assertTrue(promoter.fitsInline(""));
        assertTrue(promoter.fitsInline("a".repeat(800)));
        assertFalse(promoter.fitsInline("a".repeat(801)));
    }

    @Test
    void theBoundaryIsInBytesNotCharacters() {
        // é is 2 bytes: 400 of them are 800 bytes, 401 are 802 bytes in only 401 characters
        assertTrue(promoter.fitsInline("é".repeat(400)));
        assertFalse(promoter.fitsInline("é".repeat(401)));
        // 日 is 3 bytes: 266 are 798 bytes, 267 are 801
        assertTrue(promoter.fitsInline("日".repeat(266)));
        assertFalse(promoter.fitsInline("日".repeat(267)));
        assertTrue(promoter.fitsInline("日".repeat(266) + "ab"));
        assertFalse(promoter.fitsInline("日".repeat(266) + "abc"));
        // 😀 is 4 bytes in 2 chars: 200 are 800 bytes, 201 are 804
        assertTrue(promoter.fitsInline("😀".repeat(200)));
        assertFalse(promoter.fitsInline("😀".repeat(201)));
        assertFalse(promoter.fitsInline("😀".repeat(200) + "x"));
    }

    @Test
    void theThresholdIsConfigurable() {
        Promoter small = new Promoter(10, new ObjectMapper());
        assertTrue(small.fitsInline("ééééé"));
        assertFalse(small.fitsInline("éééééx"));
    }

    @Test
    void aJsonArrayIsStructuredAndKeepsItsOriginalText() {
        String raw = "[1, 2,  {\"a\": \"b\"}]";
        Content.Structured content = assertInstanceOf(Content.Structured.class, promoter.contentOf(raw));
        assertTrue(content.json().isArray());
        assertEquals(3, content.json().size());
        assertSame(raw, content.text());
    }

    @Test
    void aJsonObjectIsStructured() {
        String raw = "{\"results\": [1, 2, 3], \"next\": null}";
        Content.Structured content = assertInstanceOf(Content.Structured.class, promoter.contentOf(raw));
        assertTrue(content.json().isObject());
        assertEquals(raw, content.text());
    }

    @ParameterizedTest
    @ValueSource(strings = {"  [1,2]", "\n\t [1]", "\r\n{\"a\":1}", "[1]\n", "  {\"a\": [ ]}  \n\n", "[]", "{}"})
    void whitespaceAroundTheDocumentIsAllowed(String raw) {
        Content content = promoter.contentOf(raw);
        assertInstanceOf(Content.Structured.class, content);
        assertEquals(raw, content.text(), "stored bytes are the original text, whitespace included");
    }

    @Test
    void aLargePrettyPrintedArrayIsStructured() {
        String raw = IntStream.range(0, 200).mapToObj(i -> "  {\"id\": " + i + ", \"name\": \"名前 " + i + "\"}")
                .collect(Collectors.joining(",\n", "[\n", "\n]\n"));
        assertFalse(promoter.fitsInline(raw));
        Content.Structured content = assertInstanceOf(Content.Structured.class, promoter.contentOf(raw));
        assertEquals(200, content.json().size());
        assertEquals(raw, content.text());
    }

    @ParameterizedTest
    @ValueSource(strings = {"42", "-1.5e3", "\"just a string\"", "true", "false", "null", "  42  "})
    void aJsonScalarIsText(String raw) {
        Content.Text content = assertInstanceOf(Content.Text.class, promoter.contentOf(raw));
        assertEquals(raw, content.text());
    }

    @ParameterizedTest
    @ValueSource(strings = {"[1,", "[1, 2", "{\"a\":}", "{a: 1}", "['single']", "[1,]", "{\"a\":1,}", "[01]", "[NaN]", "]", "[}"})
    void invalidJsonIsText(String raw) {
        Content.Text content = assertInstanceOf(Content.Text.class, promoter.contentOf(raw));
        assertEquals(raw, content.text());
    }

    @ParameterizedTest
    @ValueSource(strings = {"[1] x", "[1] [2]", "{} {}", "{\"a\":1}]", "[1]]", "[1] 2", "{\"a\":1} // comment", "[1],"})
    void jsonWithTrailingContentIsText(String raw) {
        Content.Text content = assertInstanceOf(Content.Text.class, promoter.contentOf(raw));
        assertEquals(raw, content.text());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "\n\n", "hello world", "line 1\nline 2\n", "x [1]", "Result: {\"a\":1}",
            "[INFO] build ok\n[INFO] done", "{{template}}", "日本語のテキスト 😀"})
    void plainTextIsText(String raw) {
        Content.Text content = assertInstanceOf(Content.Text.class, promoter.contentOf(raw));
        assertEquals(raw, content.text());
    }

    @Test
    void aLargeLogThatStartsWithABracketIsText() {
        String raw = "[INFO] starting\n".repeat(100);
        assertFalse(promoter.fitsInline(raw));
        assertInstanceOf(Content.Text.class, promoter.contentOf(raw));
    }
}
