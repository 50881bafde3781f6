package dev.toolspill.scan;

import dev.toolspill.config.ToolspillConfig;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The scan settings of this service: as much of each output as its summaries can show, and no more. */
public class Scans {

    /** Leading elements of a JSON array a summary shows. */
    public static final int HEAD_ELEMENTS = 2;

    @Produces
    @Singleton
    ScanSettings settings(ToolspillConfig config) {
        ToolspillConfig.Scan scan = config.scan();
        return forSummaries(config.output().summaryMaxBytes(), config.output().headLines(), config.output().tailLines())
                .with(new JsonLimits(scan.maxStringBytes(), scan.maxNumberDigits(), scan.maxDepth(), scan.maxIndexKeys()));
    }

    /** A summary of {@code maxBytes} never shows more than that many characters of a line, nor more than a quarter as many keys. */
    public static ScanSettings forSummaries(int maxBytes, int headLines, int tailLines) {
        return new ScanSettings(headLines, tailLines, HEAD_ELEMENTS, maxBytes + 1, maxBytes / 4);
    }
}
