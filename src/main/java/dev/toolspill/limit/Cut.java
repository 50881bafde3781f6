package dev.toolspill.limit;

/**
 * Where a too-long text was cut: what is shown, how many bytes of content are not, and an optional
 * note for the marker (for example the selector that reads the next part).
 */
public record Cut(String shown, long droppedBytes, String note) {
}
