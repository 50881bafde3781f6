package dev.toolspill.tool.remote;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolspill.tool.Durations;
import dev.toolspill.tool.Tool;
import dev.toolspill.tool.ToolException;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpClosedException;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.ext.web.client.HttpResponse;
import io.vertx.mutiny.ext.web.client.WebClient;

import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

/**
 * A tool served over HTTP elsewhere: the arguments are POSTed as JSON, a 2xx body is the output, and
 * anything else becomes a message that tells the model what happened.
 */
public class RemoteTool implements Tool {

    private static final int ERROR_BODY_BYTES = 300;

    private final String name;
    private final String description;
    private final JsonNode parameters;
    private final URI url;
    private final Duration timeout;
    private final Map<String, String> headers;
    private final WebClient client;

    public RemoteTool(String name, String description, JsonNode parameters, URI url, Duration timeout,
                      Map<String, String> headers, WebClient client) {
        this.name = name;
        this.description = description;
        this.parameters = parameters;
        this.url = url;
        this.timeout = timeout;
        this.headers = Map.copyOf(headers);
        this.client = client;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public JsonNode parameters() {
        return parameters;
    }

    @Override
    public Optional<Duration> timeout() {
        return Optional.of(timeout);
    }

    @Override
    public Uni<String> execute(JsonNode arguments) {
        var request = client.postAbs(url.toString()).putHeader("Content-Type", "application/json").putHeader("Accept", "*/*");
        headers.forEach(request::putHeader);
        request.timeout(timeout.toMillis());
        return request.sendBuffer(Buffer.buffer(arguments.toString()))
                .onFailure().transform(this::describe)
                .map(this::body);
    }

    private String body(HttpResponse<Buffer> response) {
        String body = response.body() == null ? "" : response.bodyAsString("UTF-8");
        if (response.statusCode() / 100 != 2) {
            String excerpt = body.length() > ERROR_BODY_BYTES ? body.substring(0, ERROR_BODY_BYTES) + "…" : body;
            throw new ToolException("tool " + name + " failed: its server answered HTTP " + response.statusCode()
                    + (response.statusMessage() == null ? "" : " " + response.statusMessage())
                    + (excerpt.isBlank() ? "" : ": " + excerpt.strip()));
        }
        return body;
    }

    private Throwable describe(Throwable failure) {
        String where = url.getHost() + (url.getPort() < 0 ? "" : ":" + url.getPort());
        if (failure instanceof ConnectException || failure.getCause() instanceof ConnectException) {
            return new ToolException("tool " + name + " is unavailable: connection to " + where
                    + " was refused; try again later or use another tool", failure);
        }
        if (failure instanceof UnknownHostException || failure.getCause() instanceof UnknownHostException) {
            return new ToolException("tool " + name + " is unavailable: host " + url.getHost()
                    + " could not be resolved (DNS); use another tool", failure);
        }
        if (failure instanceof TimeoutException || failure.getClass().getSimpleName().contains("Timeout")) {
            return new ToolException("tool " + name + " did not answer within "
                    + Durations.format(timeout) + "; retry with a narrower request", failure);
        }
        if (failure instanceof HttpClosedException) {
            return new ToolException("tool " + name + " closed the connection before answering; try again", failure);
        }
        return new ToolException("tool " + name + " could not be reached at " + where + ": " + failure, failure);
    }
}
