package dev.toolspill.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class EntityTagTest {

    static final EntityTag TAG = EntityTag.strong("abc");

    @ParameterizedTest(name = "[{index}] If-None-Match: {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            "abc"                  | true
            W/"abc"                | true
            *                      | true
            ' * '                  | true
            '"x", "abc"'           | true
            '"x",W/"abc"'          | true
            ', "abc" ,'            | true
            "x"                    | false
            "ABC"                  | false
            abc                    | false
            "abc                   | false
            '"x", garbage'         | false
            '"abc" "x"'            | false
            w/"abc"                | false
            "a"bc"                 | false
            ''                     | false
                                   | false
            """)
    void ifNoneMatchUsesWeakComparison(String ifNoneMatch, boolean matches) {
        assertEquals(matches, TAG.matchesAnyOf(ifNoneMatch));
    }

    @ParameterizedTest(name = "[{index}] If-Range: {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            "abc"                          | true
            ' "abc" '                      | true
            W/"abc"                        | false
            "x"                            | false
            Sat, 29 Nov 2026 10:00:00 GMT  | false
            '"abc", "abc"'                 | false
            *                              | false
                                           | false
            """)
    void ifRangeUsesStrongComparison(String ifRange, boolean matches) {
        assertEquals(matches, TAG.isStronglyMatchedBy(ifRange));
    }

    @Test
    void aWeakTagNeverMatchesStrongly() {
        assertEquals(false, new EntityTag("abc", true).isStronglyMatchedBy("\"abc\""));
    }

    @Test
    void writesAsInTheEtagHeader() {
        assertEquals("\"abc\"", TAG.toString());
        assertEquals("W/\"abc\"", new EntityTag("abc", true).toString());
    }

    @Test
    void parsesListsAndRefusesMalformedOnes() {
        assertEquals(List.of(TAG, new EntityTag("", true)), EntityTag.parseList("\"abc\" ,W/\"\""));
        assertEquals(List.of(), EntityTag.parseList("\"abc\", x"));
        assertThrows(IllegalArgumentException.class, () -> EntityTag.strong("a\"b"));
    }
}
