package dev.toolspill.tool;

import java.time.Duration;

/** Durations as a person writes them: {@code 300ms}, {@code 30s}, {@code 1.5s}. */
public final class Durations {

    private Durations() {
    }

    public static String format(Duration duration) {
        long millis = duration.toMillis();
        if (millis < 1000) {
            return millis + "ms";
        }
        return millis % 1000 == 0 ? millis / 1000 + "s" : String.format(java.util.Locale.ROOT, "%.1fs", millis / 1000.0);
    }
}
