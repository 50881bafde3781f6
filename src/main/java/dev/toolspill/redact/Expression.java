package dev.toolspill.redact;

import java.util.function.Consumer;

/**
 * A rule's expression, in the engine that fits who wrote it. The shipped rules run on {@code java.util.regex}: they are
 * reviewed here, every repeat is bounded and no alternation can match the same char two ways, so they cannot backtrack
 * far, and that engine is several times faster than RE2/J on their short regions. A configured pattern (an operator's,
 * a tenant's) runs on RE2/J: linear time whatever it says and whatever the output holds.
 */
interface Expression {

    /** Where a secret is in the text: the chars {@code [start, end)} of the match's group 1 (or of the whole match). */
    record Found(int start, int end, CharSequence value) {
    }

    /** Every match in {@code text[start, end)}, in order; the chars around the region are context for the boundaries. */
    void find(CharSequence text, int start, int end, Consumer<Found> found);

    /** The match that starts at {@code start}, if there is one, ending by {@code end}. */
    void at(CharSequence text, int start, int end, Consumer<Found> found);

    static Expression shipped(String pattern) {
        java.util.regex.Pattern compiled = java.util.regex.Pattern.compile(pattern);
        return new Expression() {
            @Override
            public void find(CharSequence text, int start, int end, Consumer<Found> found) {
                java.util.regex.Matcher matcher = matcher(text, start, end);
                while (matcher.find()) {
                    report(matcher, text, found);
                }
            }

            @Override
            public void at(CharSequence text, int start, int end, Consumer<Found> found) {
                java.util.regex.Matcher matcher = matcher(text, start, end);
                if (matcher.lookingAt()) {
                    report(matcher, text, found);
                }
            }

            private java.util.regex.Matcher matcher(CharSequence text, int start, int end) {
                return compiled.matcher(text).region(start, end).useTransparentBounds(true).useAnchoringBounds(false);
            }

            private static void report(java.util.regex.Matcher matcher, CharSequence text, Consumer<Found> found) {
                int group = matcher.groupCount() >= 1 ? 1 : 0;
                if (matcher.start(group) >= 0 && matcher.end(group) > matcher.start(group)) {
                    found.accept(new Found(matcher.start(group), matcher.end(group), text.subSequence(matcher.start(group), matcher.end(group))));
                }
            }
        };
    }

    /** Configured patterns have no literals: they are searched for in the whole window, never tried at a point. */
    static Expression configured(String pattern) {
        com.google.re2j.Pattern compiled = com.google.re2j.Pattern.compile(pattern);
        return new Expression() {
            @Override
            public void find(CharSequence text, int start, int end, Consumer<Found> found) {
                com.google.re2j.Matcher matcher = compiled.matcher(text.subSequence(start, end));
                int group = compiled.groupCount() >= 1 ? 1 : 0;
                while (matcher.find()) {
                    if (matcher.start(group) >= 0 && matcher.end(group) > matcher.start(group)) {
                        found.accept(new Found(start + matcher.start(group), start + matcher.end(group), matcher.group(group)));
                    }
                }
            }

            @Override
            public void at(CharSequence text, int start, int end, Consumer<Found> found) {
                throw new UnsupportedOperationException("a configured pattern is searched for, not anchored");
            }
        };
    }
}
