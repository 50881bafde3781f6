package dev.toolspill.metrics;

import java.util.Map;

/**
 * The MCP servers Toolspill is a client of, read when metrics are scraped: a bean that implements it is published as
 * {@code toolspill_mcp_upstream_tools{server}}, one series per configured server (their names come from configuration,
 * so the series are few). A server that cannot be reached offers no tools, so its series drops to 0.
 */
public interface UpstreamGauges {

    /** Tools each configured server offers now, by server name; the names stay the same for the life of the bean. */
    Map<String, Integer> toolsByServer();
}
