package dev.toolspill.scan;

/**
 * How much of an output a scan keeps for its {@link Shape}: the first and last lines, the first elements, the
 * characters of each, and the keys. Everything else is counted, never kept, so a scan's memory is bounded.
 */
public record ScanSettings(int headLines, int tailLines, int headElements, int lineChars, int maxFields) {

    public ScanSettings {
        if (headLines < 0 || tailLines < 0 || headElements < 0 || lineChars < 1 || maxFields < 0) {
            throw new IllegalArgumentException("scan settings must be >= 0 (line characters >= 1)");
        }
    }
}
