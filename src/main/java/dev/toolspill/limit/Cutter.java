package dev.toolspill.limit;

import dev.toolspill.text.Utf8;

/** Decides how a text too long for the limit is cut to at most {@code budget} bytes. */
@FunctionalInterface
public interface Cutter {

    Cut cut(String text, int budget);

    /** The plain cut: the longest prefix that fits, ending on a character boundary. */
    Cutter UTF8 = (text, budget) -> {
        String shown = Utf8.truncate(text, budget);
        return new Cut(shown, Utf8.length(text) - Utf8.length(shown), "");
    };
}
