package dev.toolspill.output;

import dev.toolspill.text.Utf8;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/** Fitting a summary's lines into its byte cap: every line gets the same share, and what is left out is counted. */
final class SummaryLines {

    private SummaryLines() {
    }

    /**
     * Gives each line the same byte cap, the largest one under which all lines together fit in {@code budget}
     * (newlines included), so short lines stay whole and long ones share what is left.
     */
    static List<String> fit(List<IntFunction<String>> lines, int budget) {
        int available = budget - lines.size();
        int low = 1;
        int high = Math.max(1, available);
        while (low < high) {
            int cap = (low + high + 1) >>> 1;
            if (total(lines, cap) <= available) {
                low = cap;
            } else {
                high = cap - 1;
            }
        }
        List<String> fitted = new ArrayList<>(lines.size());
        for (IntFunction<String> line : lines) {
            fitted.add(line.apply(low));
        }
        return fitted;
    }

    private static int total(List<IntFunction<String>> lines, int cap) {
        int sum = 0;
        for (IntFunction<String> line : lines) {
            sum += Utf8.length(line.apply(cap));
        }
        return sum;
    }

    /** {@code key: type, ...} as many keys as fit in the cap, then {@code … +K more keys}. */
    static IntFunction<String> schemaLine(List<String> keys, long unlisted) {
        return cap -> {
            String all = String.join(", ", keys);
            if (unlisted == 0 && Utf8.length(all) <= cap) {
                return all;
            }
            StringBuilder line = new StringBuilder();
            int taken = 0;
            while (taken < keys.size()) {
                String next = (taken == 0 ? "" : ", ") + keys.get(taken);
                long left = keys.size() - taken - 1 + unlisted;
                String suffix = left == 0 ? "" : ", " + moreKeys(left);
                if (Utf8.length(line) + Utf8.length(next) + Utf8.length(suffix) > cap) {
                    break;
                }
                line.append(next);
                taken++;
            }
            long rest = keys.size() - taken + unlisted;
            return rest == 0 ? line.toString() : Utf8.clip(line + (taken == 0 ? "" : ", ") + moreKeys(rest), cap);
        };
    }

    static String moreKeys(long count) {
        return "… +" + count + " more keys";
    }
}
