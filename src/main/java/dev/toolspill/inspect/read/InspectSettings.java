package dev.toolspill.inspect.read;

import dev.toolspill.config.ToolspillConfig;

/**
 * The budgets of {@code inspect} beyond the limit: how long a {@code grep:} pattern may be (its cost is linear in the
 * blob, whatever the pattern), and how much of a JSON array the head samples for its keys ({@code toolspill.inspect.*}).
 */
public record InspectSettings(int grepMaxPatternChars, int headSampleEntries, long headSampleBytes) {

    public static final InspectSettings DEFAULT = new InspectSettings(1000, 1000, 4L << 20);

    public static InspectSettings of(ToolspillConfig.Inspect inspect) {
        return new InspectSettings(inspect.grepMaxPatternChars(), inspect.headSampleEntries(), inspect.headSampleBytes());
    }
}
