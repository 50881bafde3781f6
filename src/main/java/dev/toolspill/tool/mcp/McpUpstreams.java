package dev.toolspill.tool.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.config.McpServer;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.metrics.UpstreamGauges;
import dev.toolspill.tool.KeptParts;
import dev.toolspill.tool.Tool;
import dev.toolspill.tool.ToolSource;
import io.quarkus.logging.Log;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Vertx;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The MCP servers of {@code toolspill.tools.mcp}, whose tools Toolspill offers as its own. Start-up never waits for
 * them: each is connected in the background right after start and refreshed every {@code refresh-interval} on a
 * Vert.x timer (the pass itself runs on a worker), so a server that is down only means its tools are missing until
 * it is back. Listeners hear whenever the set of upstream tools changes.
 */
@ApplicationScoped
public class McpUpstreams implements UpstreamGauges, ToolSource {

    private final List<McpUpstream> upstreams = new ArrayList<>();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private final Map<String, McpServer> configured;
    private final Vertx vertx;
    private final List<Long> timers = new ArrayList<>();

    public McpUpstreams(ToolspillConfig config, Vertx vertx, ObjectMapper mapper, KeptParts kept) {
        McpBinaries binaries = new McpBinaries(kept, mapper);
        this.vertx = vertx;
        this.configured = config.tools().mcp();
        Duration longest = config.pipeline().timeouts().values().stream().reduce(config.pipeline().timeout(), McpUpstreams::longer);
        for (Map.Entry<String, McpServer> entry : configured.entrySet()) {
            McpServer server = entry.getValue();
            String key = "toolspill.tools.mcp.\"" + entry.getKey() + "\"";
            if (server.refreshInterval().toMillis() < 1) {
                throw new IllegalArgumentException(key + ".refresh-interval must be at least 1ms, got " + server.refreshInterval());
            }
            if (server.maxConcurrentCalls() < 1) {
                throw new IllegalArgumentException(key + ".max-concurrent-calls must be at least 1, got " + server.maxConcurrentCalls());
            }
            if (server.maxMessageBytes() < 1024) {
                throw new IllegalArgumentException(key + ".max-message-bytes must be at least 1024, got " + server.maxMessageBytes());
            }
            // each exchange may last as long as the longest call timeout: the pipeline gives up on a call at its own time
            Duration exchange = longer(server.timeout().orElse(config.pipeline().timeout()), longest);
            upstreams.add(new McpUpstream(new McpUpstream.Settings(entry.getKey(), url(key, server.url()), server.headers(),
                    server.timeout(), exchange, server.prefix().orElse(""), server.maxMessageBytes(),
                    server.maxConcurrentCalls()), mapper, binaries, this::changed));
        }
    }

    private static Duration longer(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    private static URI url(String key, String value) {
        try {
            URI url = URI.create(value);
            if (url.getScheme() == null || !url.getScheme().startsWith("http") || url.getHost() == null) {
                throw new IllegalArgumentException("not an absolute http(s) URL");
            }
            return url;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(key + ".url='" + value + "' is not usable: " + e.getMessage()
                    + " (e.g. http://mcp-server:3000/mcp)");
        }
    }

    void start(@Observes StartupEvent event) {
        for (int i = 0; i < upstreams.size(); i++) {
            McpUpstream upstream = upstreams.get(i);
            long every = configured.get(upstream.server()).refreshInterval().toMillis();
            // the timer only starts a pass, on a worker: building a client (class loading, its HTTP client) stays off the event loop
            timers.add(vertx.setPeriodic(1, every, id -> upstream.refresh().runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                    .subscribe().with(done -> { })));
        }
        if (!upstreams.isEmpty()) {
            Log.infof("MCP upstreams: %d server(s) connected in the background, each refreshed on its interval", upstreams.size());
        }
    }

    @PreDestroy
    void stop() {
        timers.forEach(vertx::cancelTimer);
        upstreams.forEach(McpUpstream::close);
    }

    @Override
    public boolean live() {
        return true;
    }

    /** Called, on any thread, whenever the upstream tools change. */
    @Override
    public void onChange(Runnable listener) {
        listeners.add(listener);
    }

    private void changed() {
        for (Runnable listener : listeners) {
            try {
                listener.run();
            } catch (RuntimeException e) { // one listener's trouble must not make a server look gone
                Log.errorf(e, "MCP upstreams: a listener failed on a change of the upstream tools");
            }
        }
    }

    /** The tools every upstream offers now, each under its prefixed name. */
    @Override
    public List<Tool> tools() {
        List<Tool> all = new ArrayList<>();
        upstreams.forEach(upstream -> all.addAll(upstream.tools()));
        return all;
    }

    /** How many upstream tools are offered now (a gauge: it drops when a server cannot be reached). */
    public int availableTools() {
        return upstreams.stream().mapToInt(upstream -> upstream.tools().size()).sum();
    }

    @Override
    public Map<String, Integer> toolsByServer() {
        Map<String, Integer> tools = new java.util.TreeMap<>();
        upstreams.forEach(upstream -> tools.put(upstream.server(), upstream.tools().size()));
        return tools;
    }

    /** How many upstream servers are configured. */
    public int configuredServers() {
        return upstreams.size();
    }
}
