package dev.toolspill.output;

/** What a tool produced, as the model will meet it: inline text, or a summary of stored content. */
public sealed interface ToolOutput {

    /** The full text of the output, whatever its form. */
    String text();

    /**
     * Text that goes into history as it is. {@code droppedBytes} is non-zero when the tool itself already cut it
     * under the history limit (as {@code inspect} does, reading only what fits), so the result reports the cut;
     * {@code next}, when not null, is the selector that reads the next part of the same selection.
     */
    record Inline(String text, long droppedBytes, String next) implements ToolOutput {
        public Inline(String text, long droppedBytes) {
            this(text, droppedBytes, null);
        }

        public Inline(String text) {
            this(text, 0);
        }
    }

    record Stored(String summary, Content content) implements ToolOutput {
        @Override
        public String text() {
            return content.text();
        }
    }
}
