package dev.toolspill.config;

import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** {@code toolspill.tools.*}: remote HTTP tools, upstream MCP servers and the budgets of their answers. Nested in {@link ToolspillConfig} as {@code ToolspillConfig.Tools}, which extends it (kept here for size). */
public interface ToolsConfig {
    /** Tools served over HTTP elsewhere, keyed by tool name: {@code toolspill.tools.remote."search".url=...}. */
    Map<String, Remote> remote();

    /**
     * Largest answer a remote tool may give, in bytes; a larger one is dropped and the call is an error. Answers
     * over {@link #maxBufferedBytes()} are stored as they arrive, so this bounds disk or bucket use, not memory.
     */
    @WithDefault("2147483648")
    long maxResponseBytes();

    /**
     * Longest answer held in memory (and seen as text by post-tool-call interceptors), in bytes; a longer one is
     * streamed into the store like an ingest, holding about a megabyte at a time.
     */
    @WithDefault("1048576")
    long maxBufferedBytes();

    /** Memory for the answers of all remote tool calls being received at once, in bytes. */
    @WithDefault("25165824")
    long responseBufferBytes();

    interface Remote {
        /** Where the arguments are POSTed as JSON. */
        String url();

        /** What the model reads about the tool. */
        @WithDefault("A remote tool.")
        String description();

        /** JSON Schema of the arguments: inline JSON, or a path to a file holding it. */
        @WithDefault("{\"type\":\"object\"}")
        String schema();

        /** Per-call timeout; the pipeline timeout applies when unset. */
        Optional<Duration> timeout();

        /** Extra request headers, e.g. {@code Authorization}. */
        Map<String, String> headers();
    }

    /**
     * MCP servers whose tools Toolspill offers as its own, keyed by a server name of your choice:
     * {@code toolspill.tools.mcp."github".url=http://github-mcp:3000/mcp}.
     */
    Map<String, McpServer> mcp();
}
