package dev.toolspill.limit;

/**
 * A text as it may enter history, how many bytes of content the limit dropped from it, and the selector that reads
 * the next part ({@code next}, null when the text is the whole selection or nothing reads on).
 */
public record Limited(String text, long droppedBytes, String next) {

    public Limited(String text, long droppedBytes) {
        this(text, droppedBytes, null);
    }

    public boolean truncated() {
        return droppedBytes > 0;
    }
}
