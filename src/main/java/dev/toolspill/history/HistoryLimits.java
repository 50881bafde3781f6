package dev.toolspill.history;

import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.limit.HistoryLimit;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The history limit of this service, from {@code toolspill.limits.*}; a limit under 128 bytes fails start-up. */
public class HistoryLimits {

    @Produces
    @Singleton
    HistoryLimit historyLimit(ToolspillConfig config) {
        return new HistoryLimit(config.limits().defaultLimit(), config.limits().tools());
    }
}
