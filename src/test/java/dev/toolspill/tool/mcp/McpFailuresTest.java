package dev.toolspill.tool.mcp;

import io.modelcontextprotocol.spec.McpTransportException;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ConnectException;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What an operator's log says of a server whose tools are not offered: what it answered and the setting that fixes it. */
class McpFailuresTest {

    @Test
    void aServerThatAnsweredIsNotCalledUnreachable() {
        assertEquals("answered HTTP 401 instead of MCP (its credentials are refused: check toolspill.tools.mcp.\"docs\".headers)",
                McpFailures.forOperator("docs", new McpTransportException("Received unexpected status code: 401, response body: no")));
        assertEquals("answered HTTP 302 instead of MCP (it redirects (to a login page or another path?): set the final URL in"
                        + " toolspill.tools.mcp.\"docs\".url)",
                McpFailures.forOperator("docs", new RuntimeException(new McpTransportException("Received unexpected status code: 302"))));
        assertEquals("answered HTTP 404 instead of MCP (no MCP endpoint at this URL: check toolspill.tools.mcp.\"docs\".url (the path, often /mcp))",
                McpFailures.forOperator("docs", new McpTransportException("Received unexpected status code: 404")));
        assertEquals("answered with content of type text/html, not MCP (a proxy or a login page in the way, or not an MCP Streamable"
                        + " HTTP endpoint)",
                McpFailures.forOperator("docs", new McpTransportException("Unknown media type returned: text/html; charset=utf-8")));
    }

    @Test
    void aServerThatWasNotReachedSaysWhatHappenedToTheConnection() {
        assertEquals("cannot be reached (connection refused)", McpFailures.forOperator("docs", new IOException(new ConnectException("refused"))));
        assertEquals("cannot be reached (the connection was closed before a whole answer)",
                McpFailures.forOperator("docs", new IOException("EOF reached while reading")));
    }
}
