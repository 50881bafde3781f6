package dev.toolspill.config;

import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** One upstream MCP server of {@code toolspill.tools.mcp."<server>"} (a group of {@link ToolspillConfig}). */
public interface McpServer {
    /** The server's Streamable HTTP endpoint. */
    String url();

    /** Extra request headers, e.g. {@code Authorization}. */
    Map<String, String> headers();

    /** Per-call timeout of the server's tools (and of connecting to it); the pipeline timeout applies when unset. */
    Optional<Duration> timeout();

    /** Put before each upstream tool name (e.g. {@code gh_}), so two servers' tools never clash. */
    Optional<String> prefix();

    /** How often the server's tool list is read again, and a server that is down is tried again. */
    @WithDefault("30s")
    Duration refreshInterval();

    /** Largest JSON-RPC message taken from the server, in bytes, held whole while read; a larger answer makes the call an error. */
    @WithDefault("4194304")
    int maxMessageBytes();

    /** Calls to the server in flight at once from this replica; past it a call is an error to retry, so memory stays bounded. */
    @WithDefault("4")
    int maxConcurrentCalls();
}
