package dev.toolspill.limit;

/** A text as it may enter history, and how many bytes of content the limit dropped from it. */
public record Limited(String text, long droppedBytes) {

    public boolean truncated() {
        return droppedBytes > 0;
    }
}
