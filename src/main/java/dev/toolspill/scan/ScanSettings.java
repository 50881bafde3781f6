package dev.toolspill.scan;

/**
 * How much of an output a scan keeps for its {@link Shape}: the first and last lines, the first elements, the
 * characters of each, and the keys; and the {@link JsonLimits}. Everything else is counted, never kept, so a scan's
 * memory is bounded.
 */
public record ScanSettings(int headLines, int tailLines, int headElements, int lineChars, int maxFields, JsonLimits json) {

    public ScanSettings {
        if (headLines < 0 || tailLines < 0 || headElements < 0 || lineChars < 1 || maxFields < 0) {
            throw new IllegalArgumentException("scan settings must be >= 0 (line characters >= 1)");
        }
    }

    /** With the default JSON limits. */
    public ScanSettings(int headLines, int tailLines, int headElements, int lineChars, int maxFields) {
        this(headLines, tailLines, headElements, lineChars, maxFields, JsonLimits.DEFAULT);
    }

    /** The same, with other JSON limits. */
    public ScanSettings with(JsonLimits limits) {
        return new ScanSettings(headLines, tailLines, headElements, lineChars, maxFields, limits);
    }
}
