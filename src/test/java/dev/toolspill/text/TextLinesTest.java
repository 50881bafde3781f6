package dev.toolspill.text;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class TextLinesTest {

    static Stream<Arguments> counts() {
        return Stream.of(
                Arguments.of("", 0),
                Arguments.of("a", 1),
                Arguments.of("a\n", 1),
                Arguments.of("a\nb", 2),
                Arguments.of("a\nb\n", 2),
                Arguments.of("a\r\nb\r\n", 2),
                Arguments.of("a\r\nb", 2),
                Arguments.of("\n", 1),
                Arguments.of("\n\n", 2),
                Arguments.of("a\n\nb", 3),
                Arguments.of("a\rb", 1),
                Arguments.of("日本\n😀\né", 3));
    }

    @ParameterizedTest
    @MethodSource("counts")
    void countsLinesLikeWcPlusAnUnterminatedLastLine(String text, long expected) {
        assertEquals(expected, TextLines.count(text));
    }

    @ParameterizedTest
    @MethodSource("counts")
    void countOfAStreamEqualsCountOfTheString(String text, long expected) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        assertEquals(expected, TextLines.count(new ByteArrayInputStream(bytes)));
        assertEquals(expected, TextLines.count(trickle(bytes)), "one byte per read");
    }

    @Test
    void countOfAStreamIsRightAcrossBufferBoundaries() throws IOException {
        int buffer = 64 * 1024;
        String[] texts = {
                "x".repeat(buffer - 1) + "\n",          // newline is the last byte of the first buffer
                "x".repeat(buffer - 1) + "\ny",         // one byte spills into a second read
                "x".repeat(buffer) + "\n",              // newline alone in the second read
                "x".repeat(buffer),                     // unterminated, exactly one buffer
                "x".repeat(buffer - 1) + "\n" + "x".repeat(buffer - 1) + "\n",
                "line\n".repeat(50_000) + "last",
        };
        for (String text : texts) {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            long expected = TextLines.count(text);
            assertEquals(expected, TextLines.count(new ByteArrayInputStream(bytes)), () -> "length " + bytes.length);
            assertEquals(expected, TextLines.count(chunks(bytes, 1000)), () -> "chunked, length " + bytes.length);
        }
        assertEquals(50_001, TextLines.count("line\n".repeat(50_000) + "last"));
    }

    @Test
    void lineStartsOfEmptyTextIsJustTheEnd() {
        assertArrayEquals(new long[]{0}, starts(""));
    }

    @Test
    void lineStartsEndWithTheTotalLength() {
        assertArrayEquals(new long[]{0, 1}, starts("a"));
        assertArrayEquals(new long[]{0, 2}, starts("a\n"));
        assertArrayEquals(new long[]{0, 2, 3}, starts("a\nb"));
        assertArrayEquals(new long[]{0, 2, 4}, starts("a\nb\n"));
        assertArrayEquals(new long[]{0, 3, 6}, starts("a\r\nb\r\n"));
        assertArrayEquals(new long[]{0, 1, 2}, starts("\n\n"));
        assertArrayEquals(new long[]{0, 2, 3, 4}, starts("a\n\nb"));
    }

    @Test
    void lineStartsAreByteOffsetsNotCharOffsets() {
        // é\n is 3 bytes, 日本\n is 7, 😀 is 4
        assertArrayEquals(new long[]{0, 3, 10, 14}, starts("é\n日本\n😀"));
    }

    @Test
    void lineStartsHaveOneEntryPerLinePlusTheEndAndSliceTheLinesExactly() {
        String[] texts = {"", "a", "one\ntwo\r\nthree", "one\ntwo\r\nthree\n", "\n\n\n", "日本\r\n😀\n\né"};
        for (String text : texts) {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            long[] starts = TextLines.lineStarts(bytes);
            assertEquals(TextLines.count(text) + 1, starts.length, text);
            StringBuilder joined = new StringBuilder();
            for (int i = 0; i + 1 < starts.length; i++) {
                String line = new String(Arrays.copyOfRange(bytes, (int) starts[i], (int) starts[i + 1]), StandardCharsets.UTF_8);
                // every line but an unterminated last one ends with its \n, and holds no other
                long newlines = line.chars().filter(c -> c == '\n').count();
                assertEquals(i + 2 < starts.length || text.endsWith("\n") ? 1 : 0, newlines, () -> "line " + line);
                joined.append(line);
            }
            assertEquals(text, joined.toString());
        }
    }

    @Test
    void stripRemovesOneTerminator() {
        assertEquals("a", TextLines.strip("a\n"));
        assertEquals("a", TextLines.strip("a\r\n"));
        assertEquals("a", TextLines.strip("a\r"));
        assertEquals("a", TextLines.strip("a"));
        assertEquals("", TextLines.strip("\r\n"));
        assertEquals("", TextLines.strip(""));
        assertEquals("a\rb", TextLines.strip("a\rb\n"));
    }

    private static long[] starts(String text) {
        return TextLines.lineStarts(text.getBytes(StandardCharsets.UTF_8));
    }

    private static InputStream trickle(byte[] bytes) {
        return chunks(bytes, 1);
    }

    /** A stream that hands out at most {@code size} bytes per read, as sockets and files may. */
    private static InputStream chunks(byte[] bytes, int size) {
        return new FilterInputStream(new ByteArrayInputStream(bytes)) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return super.read(b, off, Math.min(len, size));
            }

            @Override
            public int read(byte[] b) throws IOException {
                return read(b, 0, b.length);
            }
        };
    }
}
