package dev.toolspill.output;

/** What a tool produced, as the model will meet it: inline text, or a summary of stored content. */
public sealed interface ToolOutput {

    /** The full text of the output, whatever its form. */
    String text();

    record Inline(String text) implements ToolOutput {
    }

    record Stored(String summary, Content content) implements ToolOutput {
        @Override
        public String text() {
            return content.text();
        }
    }
}
