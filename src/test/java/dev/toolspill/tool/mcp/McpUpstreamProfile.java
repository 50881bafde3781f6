package dev.toolspill.tool.mcp;

import dev.toolspill.TestPorts;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import dev.toolspill.api.BlobContentStreamedTest;
import io.quarkus.test.junit.QuarkusTestProfile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Toolspill in front of two MCP servers: {@code up} (a real MCP server, started before Toolspill, that wants a
 * bearer token) under the prefix {@code up_}, and {@code late} under {@code late_}, whose port has no server when
 * Toolspill starts: tests start and stop one there to see its tools come and go.
 * <p>
 * One application for {@link McpUpstreamTest} and {@link BlobContentStreamedTest}: the store is the filesystem store
 * with no local files ({@link BlobContentStreamedTest.StreamOnlyStore}), which BlobContentStreamedTest needs so that
 * every body is streamed; McpUpstreamTest reads its blobs back over HTTP whichever way they are served. Neither lists
 * the tools of the other.
 */
public class McpUpstreamProfile implements QuarkusTestProfile {

    static final String TOKEN = "upstream-secret";
    static volatile UpstreamMcpServer up;
    static volatile int latePort;

    public static class Resource implements QuarkusTestResourceLifecycleManager {
        @Override
        public Map<String, String> start() {
            try {
                up = new UpstreamMcpServer(0, TOKEN);
                latePort = TestPorts.free();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return Map.of(
                    "toolspill.tools.mcp.\"up\".url", up.url(),
                    "toolspill.tools.mcp.\"up\".prefix", "up_",
                    "toolspill.tools.mcp.\"up\".headers.\"Authorization\"", "Bearer " + TOKEN,
                    "toolspill.tools.mcp.\"late\".url", "http://127.0.0.1:" + latePort + "/mcp",
                    "toolspill.tools.mcp.\"late\".prefix", "late_",
                    "toolspill.tools.mcp.\"late\".refresh-interval", "200ms",
                    "toolspill.tools.mcp.\"late\".timeout", "5s");
        }

        @Override
        public void stop() {
            up.close();
        }
    }

    @Override
    public Set<Class<?>> getEnabledAlternatives() {
        return Set.of(BlobContentStreamedTest.StreamOnlyStore.class);
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(Resource.class));
    }

    @Override
    public String getConfigProfile() {
        return "test";
    }
}
