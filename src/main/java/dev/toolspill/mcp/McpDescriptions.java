package dev.toolspill.mcp;

import dev.toolspill.inspect.selector.SelectorKinds;
import dev.toolspill.tool.Tool;

/**
 * What the model reads about each tool over MCP: the tool's own description, and how Toolspill answers. A tool whose
 * output may be stored learns that a large answer is a summary and how to read on; {@code inspect} lists its selectors.
 */
final class McpDescriptions {

    static final String INSPECT = "inspect";

    private final int inlineMaxBytes;
    private final boolean inspectable;
    private final SelectorKinds kinds;

    /** {@code inspectable}: whether blobs exist here (a blob store, so an {@code inspect} tool). */
    McpDescriptions(int inlineMaxBytes, boolean inspectable) {
        this(inlineMaxBytes, inspectable, SelectorKinds.STANDARD);
    }

    /** {@code kinds}: the selectors the texts list. */
    McpDescriptions(int inlineMaxBytes, boolean inspectable, SelectorKinds kinds) {
        this.inlineMaxBytes = inlineMaxBytes;
        this.inspectable = inspectable;
        this.kinds = kinds;
    }

    String of(Tool tool) {
        if (tool.name().equals(INSPECT)) {
            return tool.description() + "\n\nSelectors: " + kinds.forms() + ". Ask for what you need, not the whole blob: an "
                    + "answer over the limit is cut, ends with [truncated: N bytes dropped, …] and names the selector of the next "
                    + "part (next part: lines:51-400). The same parts are MCP resources: " + BlobUri.PREFIX
                    + "<id>/lines/{from}-{to}, /slice/{from}..{to}, /key/{name}.";
        }
        if (!inspectable || !tool.promotable()) {
            return tool.description();
        }
        return tool.description() + "\n\nOutputs over " + inlineMaxBytes + " bytes are stored, and you get a summary that starts "
                + "with [blob:<id>] (kind, size, counts, head) plus a link to the blob: call inspect with that id and a selector "
                + "(e.g. " + kinds.examples() + ") to read only the part you need.";
    }
}
