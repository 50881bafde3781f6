package dev.toolspill.output;

import dev.toolspill.config.ToolspillConfig;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** Builds the {@link Summarizer} from configuration; it refuses settings it cannot honour. */
public class Summaries {

    @Produces
    @Singleton
    Summarizer summarizer(ToolspillConfig config) {
        ToolspillConfig.Output output = config.output();
        return new Summarizer(output.summaryMaxBytes(), output.headLines(), output.tailLines());
    }
}
