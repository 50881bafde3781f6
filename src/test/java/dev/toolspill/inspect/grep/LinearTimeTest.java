package dev.toolspill.inspect.grep;

import dev.toolspill.ParallelSafe;
import com.google.re2j.Pattern;
import dev.toolspill.text.CountedChars;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Patterns that make a backtracking matcher take exponential time cost a grep one pass: RE2/J reads each character
 * of the input a bounded number of times. Counted, not timed: the reads of a 1 MB input are checked against its length,
 * and the answers on the worst cases are right.
 */
@ParallelSafe
class LinearTimeTest {

    private static final int MB = 1 << 20;
    private static final String[] PATHOLOGICAL = {"(a*)*b", "(x+x+)+y", "(a|aa)+c", "(.*,){11}P"};

    private static String worstCase(String pattern) {
        return switch (pattern) {
            case "(a*)*b", "(a|aa)+c" -> "a".repeat(MB);
            case "(x+x+)+y" -> "x".repeat(MB);
            default -> "1,".repeat(MB / 2);
        };
    }

    @Test
    void aPathologicalPatternReadsEachCharacterABoundedNumberOfTimes() {
        for (String regex : PATHOLOGICAL) {
            CountedChars input = new CountedChars(worstCase(regex));
            assertFalse(Pattern.compile(regex).matcher(input).find(), regex);
            // a backtracking matcher reads these inputs about 2^n (or n^11) times; the automaton a few times per character
            long reads = input.reads().sum();
            assertTrue(reads <= 4L * input.length(), regex + " read " + reads + " characters of " + input.length());
        }
    }

    @Test
    void aPathologicalPatternGetsTheRightAnswerOnAMegabyteUnit() {
        for (String regex : PATHOLOGICAL) {
            byte[] miss = worstCase(regex).getBytes(StandardCharsets.UTF_8);
            UnitMatcher matcher = UnitMatcher.of(regex, true, false, 2 * MB);
            assertFalse(matcher.matches(miss, 0, miss.length, true, true), regex);
            String last = regex.substring(regex.length() - 1);
            byte[] hit = (worstCase(regex) + last).getBytes(StandardCharsets.UTF_8);
            assertTrue(matcher.matches(hit, 0, hit.length, true, true), regex + " with its last character after the run");
        }
    }

    @Test
    void aMegabyteLineIsSearchedPartByPartWithTheRightAnswer() {
        String line = "x".repeat(MB);
        byte[] text = ("first\n" + line + "\n" + line + "y\nlast\n").getBytes(StandardCharsets.UTF_8);
        List<Long> matched = new ArrayList<>();
        UnitSink sink = (no, offset, length, head, headFrom, headLength, isMatch) -> {
            if (isMatch) {
                matched.add(no);
            }
            return false;
        };
        int window = 64 * 1024; // far shorter than the line: it is tested in overlapping parts
        GrepScan scan = new GrepScan(GrepScan.Units.LINES, UnitMatcher.of("(x+x+)+y", true, false, window), true, sink, 0, 1, 1, 100, window);
        for (int at = 0; at < text.length; at += 8192) {
            assertFalse(scan.feed(text, at, Math.min(8192, text.length - at)));
        }
        scan.end();
        assertEquals(List.of(3L), matched);
    }
}
