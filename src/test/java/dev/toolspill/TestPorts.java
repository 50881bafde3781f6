package dev.toolspill;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Loopback ports for the servers the tests start themselves (Redis, S3Proxy, an MCP server that comes late). */
public final class TestPorts {

    private TestPorts() {
    }

    /**
     * A loopback port nothing listens on once this returns: free for a server to bind, or, left alone, an address that
     * refuses connections.
     */
    public static int free() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
