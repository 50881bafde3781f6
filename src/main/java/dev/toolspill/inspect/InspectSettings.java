package dev.toolspill.inspect;

import dev.toolspill.config.ToolspillConfig;

/**
 * The budgets of {@code inspect} beyond the limit: how long and how costly a {@code grep:} pattern may be, and how
 * much of a JSON array the head samples for its keys ({@code toolspill.inspect.*}).
 */
public record InspectSettings(int grepMaxPatternChars, long grepRegexStepsPerChar, int headSampleEntries, long headSampleBytes) {

    public static final InspectSettings DEFAULT = new InspectSettings(1000, 1000, 1000, 4L << 20);

    public InspectSettings {
        if (grepMaxPatternChars < 1 || grepRegexStepsPerChar < 1 || headSampleEntries < 0 || headSampleBytes < 0) {
            throw new IllegalArgumentException("toolspill.inspect.grep-max-pattern-chars and grep-regex-steps-per-char must be "
                    + ">= 1, head-sample-entries and head-sample-bytes >= 0; got " + grepMaxPatternChars + ", "
                    + grepRegexStepsPerChar + ", " + headSampleEntries + " and " + headSampleBytes);
        }
    }

    static InspectSettings of(ToolspillConfig.Inspect inspect) {
        return new InspectSettings(inspect.grepMaxPatternChars(), inspect.grepRegexStepsPerChar(), inspect.headSampleEntries(),
                inspect.headSampleBytes());
    }
}
