package dev.toolspill.output;

import dev.toolspill.config.ToolspillConfig;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** Builds the {@link Summarizer} from configuration and refuses settings it cannot honour. */
public class Summaries {

    /** Room for the id line, section rules and one clipped line of each section. */
    static final int MIN_SUMMARY_BYTES = 160;

    @Produces
    @Singleton
    Summarizer summarizer(ToolspillConfig config) {
        ToolspillConfig.Output output = config.output();
        if (output.summaryMaxBytes() < MIN_SUMMARY_BYTES) {
            throw new IllegalArgumentException("toolspill.output.summary-max-bytes=" + output.summaryMaxBytes()
                    + " is too small: a summary needs at least " + MIN_SUMMARY_BYTES + " bytes");
        }
        if (output.headLines() < 1 || output.tailLines() < 0) {
            throw new IllegalArgumentException("toolspill.output.head-lines must be >= 1 and tail-lines >= 0");
        }
        return new Summarizer(output.summaryMaxBytes(), output.headLines(), output.tailLines());
    }
}
