package dev.toolspill.limit;

/**
 * Where a too-long text was cut: what is shown, how many bytes of content are not, an optional note for the marker
 * (for example the selector that reads the next part), and, when the rest can be read on, that selector as data
 * ({@code next}, null when there is none), so a program pages without parsing the marker.
 */
public record Cut(String shown, long droppedBytes, String note, String next) {

    public Cut(String shown, long droppedBytes, String note) {
        this(shown, droppedBytes, note, null);
    }
}
