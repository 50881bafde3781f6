package dev.toolspill.api;

import dev.toolspill.blob.ByteRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

class HttpRangeTest {

    /** The selection as a status and, for 206, the inclusive first-last of Content-Range. */
    private static String render(HttpRange.Selection selection) {
        if (selection instanceof HttpRange.Part part) {
            return "206 " + part.first() + "-" + part.last();
        }
        return selection instanceof HttpRange.Unsatisfiable ? "416" : "200";
    }

    @ParameterizedTest(name = "[{index}] Range: {0} of {1} bytes -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # no header, or one this server ignores: the whole representation
                                            | 100 | 200
            ''                              | 100 | 200
            bytes=0-1,5-6                   | 100 | 200
            bytes=0-1, 200-300              | 100 | 200
            bytes=5-3                       | 100 | 200
            bytes=abc                       | 100 | 200
            bytes=                          | 100 | 200
            bytes=-                         | 100 | 200
            bytes=,                         | 100 | 200
            bytes=1                         | 100 | 200
            bytes 1-2                       | 100 | 200
            bytes=1 - 2                     | 100 | 200
            bytes=1-2-3                     | 100 | 200
            bytes=+1-2                      | 100 | 200
            bytes=٣-٤                       | 100 | 200
            items=1-2                       | 100 | 200
            =1-2                            | 100 | 200
            # one range: first-last, first-, -suffix, clamped to the end
            bytes=0-0                       | 100 | 206 0-0
            bytes=0-99                      | 100 | 206 0-99
            bytes=0-                        | 100 | 206 0-99
            bytes=10-19                     | 100 | 206 10-19
            bytes=99-                       | 100 | 206 99-99
            bytes=99-99                     | 100 | 206 99-99
            bytes=-1                        | 100 | 206 99-99
            bytes=-10                       | 100 | 206 90-99
            bytes=-100                      | 100 | 206 0-99
            bytes=-500                      | 100 | 206 0-99
            bytes=10-1000                   | 100 | 206 10-99
            bytes=0-99999999999999999999    | 100 | 206 0-99
            bytes=-99999999999999999999     | 100 | 206 0-99
            bytes=007-008                   | 100 | 206 7-8
            BYTES=1-2                       | 100 | 206 1-2
            bytes= 1-2                      | 100 | 206 1-2
            'bytes=1-2, '                   | 100 | 206 1-2
            'bytes=,1-2'                    | 100 | 206 1-2
            # no byte of the range exists
            bytes=100-                      | 100 | 416
            bytes=100-200                   | 100 | 416
            bytes=150-                      | 100 | 416
            bytes=-0                        | 100 | 416
            bytes=99999999999999999999-     | 100 | 416
            bytes=0-                        | 0   | 416
            bytes=-5                        | 0   | 416
                                            | 0   | 200
            """)
    void selects(String header, long size, String expected) {
        assertEquals(expected, render(HttpRange.select(header, size)));
    }

    @Test
    void partKnowsItsContentRangeAndByteRange() {
        HttpRange.Part part = (HttpRange.Part) HttpRange.select("bytes=10-19", 100);
        assertEquals("bytes 10-19/100", part.contentRange());
        assertEquals(new ByteRange(10, 10), part.range());
    }

    @Test
    void unsatisfiableNamesOnlyTheSize() {
        assertEquals("bytes */100", ((HttpRange.Unsatisfiable) HttpRange.select("bytes=100-", 100)).contentRange());
    }
}
