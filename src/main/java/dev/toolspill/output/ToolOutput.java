package dev.toolspill.output;

import io.smallrye.mutiny.Multi;
import io.vertx.mutiny.core.buffer.Buffer;

/**
 * What a tool produced, as the model will meet it: inline text, a summary of stored content, or an output too
 * large to hold in memory that is stored as it arrives.
 */
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

    /**
     * An output read once from {@code body} as it arrives (with back-pressure: only as fast as it is requested) and
     * stored as it is read, never held whole: a remote tool's answer larger than {@code toolspill.tools.max-buffered-bytes}.
     * At most {@code maxBytes} are taken ({@code limitKey} names that setting in the message beyond it). It has no text
     * in memory, so {@link #text()} fails; {@code abandon} (or cancelling the body) drops the rest.
     */
    record Streamed(Multi<Buffer> body, Runnable abandon, long maxBytes, String limitKey) implements ToolOutput {
        @Override
        public String text() {
            throw new IllegalStateException("a streamed output is not held in memory: read body() once");
        }
    }
}
