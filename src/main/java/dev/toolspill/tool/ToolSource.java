package dev.toolspill.tool;

import java.util.List;

/**
 * Tools made from configuration rather than as beans, found by the registry through CDI so that {@code tool} never
 * imports the packages that make them ({@code tool.remote}, {@code tool.mcp}). A fixed source's tools are checked at
 * start-up, where a bad or taken name stops it; a live source's tools come and go (an upstream MCP server's), so one
 * that is refused is left out with a warning, and the registry reads them again when the source says they changed.
 */
public interface ToolSource {

    /** The tools this source offers now. */
    List<? extends Tool> tools();

    /** Whether {@link #tools()} changes while the replica runs. */
    default boolean live() {
        return false;
    }

    /** For a live source: {@code listener} runs, on any thread, after its tools changed. */
    default void onChange(Runnable listener) {
    }
}
