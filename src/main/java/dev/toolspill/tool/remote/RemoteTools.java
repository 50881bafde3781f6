package dev.toolspill.tool.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.tool.ToolSource;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.mutiny.core.Vertx;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Builds the remote tools named under {@code toolspill.tools.remote}, sharing one HTTP client. */
@ApplicationScoped
public class RemoteTools implements ToolSource {

    private final HttpClient client;
    private final ResponseMemory memory;
    private final RemoteTool.Budgets budgets;
    private final List<RemoteTool> tools = new ArrayList<>();

    public RemoteTools(ToolspillConfig config, Vertx vertx, ObjectMapper mapper) {
        this.client = vertx.getDelegate().createHttpClient(new HttpClientOptions()
                // abandoned calls reset their request and give the connection back at once
                .setMaxPoolSize(Math.max(64, 4 * Math.max(1, config.pipeline().maxConcurrency())))
                .setDecompressionSupported(true));
        this.memory = new ResponseMemory(config.tools().responseBufferBytes());
        this.budgets = new RemoteTool.Budgets(config.tools().maxBufferedBytes(), config.tools().maxResponseBytes(),
                config.ingest().stallTimeout());
        for (Map.Entry<String, ToolspillConfig.Tools.Remote> entry : config.tools().remote().entrySet()) {
            tools.add(create(entry.getKey(), entry.getValue(), mapper, config.pipeline()));
        }
    }

    private RemoteTool create(String name, ToolspillConfig.Tools.Remote remote, ObjectMapper mapper, ToolspillConfig.Pipeline pipeline) {
        String key = "toolspill.tools.remote.\"" + name + "\"";
        URI url;
        try {
            url = URI.create(remote.url());
            if (url.getScheme() == null || !url.getScheme().startsWith("http") || url.getHost() == null) {
                throw new IllegalArgumentException("not an absolute http(s) URL");
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(key + ".url='" + remote.url() + "' is not usable: " + e.getMessage());
        }
        // The request always times out, at the same moment the pipeline gives up on the call, so a hung
        // server never keeps a pooled connection.
        Duration timeout = Optional.ofNullable(pipeline.timeouts().get(name)).or(remote::timeout).orElse(pipeline.timeout());
        return new RemoteTool(name, remote.description(), schema(key, remote.schema(), mapper), url, timeout,
                remote.headers(), client, memory, budgets);
    }

    /** Inline JSON when it looks like JSON, else a path to a file that holds it. */
    private static JsonNode schema(String key, String value, ObjectMapper mapper) {
        String text = value.strip();
        try {
            if (!text.startsWith("{")) {
                text = Files.readString(Path.of(text));
            }
            JsonNode schema = mapper.readTree(text);
            if (!schema.isObject()) {
                throw new IllegalArgumentException("a JSON Schema must be a JSON object");
            }
            return schema;
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException(key + ".schema is not a JSON Schema (inline JSON or a file path): " + e.getMessage());
        }
    }

    @Override
    public List<RemoteTool> tools() {
        return List.copyOf(tools);
    }

    @PreDestroy
    void close() {
        client.close();
    }
}
