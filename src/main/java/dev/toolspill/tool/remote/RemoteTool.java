package dev.toolspill.tool.remote;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolspill.output.ToolOutput;
import dev.toolspill.tool.Durations;
import dev.toolspill.tool.Tool;
import dev.toolspill.tool.ToolException;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;

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

    /** A host:port in a library's words, which the model does not read. */
    private static final java.util.regex.Pattern ADDRESS = java.util.regex.Pattern.compile(
            "(?<![\\w.:/-])/?(?:\\[[0-9A-Fa-f:.]+]|(?:[0-9]{1,3}\\.){3}[0-9]{1,3}|[A-Za-z][A-Za-z0-9-]*(?:\\.[A-Za-z0-9-]+)*):[0-9]{2,5}\\b");
    private static final java.util.regex.Pattern URL = java.util.regex.Pattern.compile("\\b[A-Za-z][A-Za-z0-9+.-]*://[^\\s\"'<>]+");
    private static final java.util.regex.Pattern HOST = java.util.regex.Pattern.compile(
            "\\b(?:localhost|(?:[0-9]{1,3}\\.){3}[0-9]{1,3})\\b", java.util.regex.Pattern.CASE_INSENSITIVE);
    private static final java.util.regex.Pattern STACK_FRAME = java.util.regex.Pattern.compile("(?m)^\\s*at [\\w$.<>/]+\\([^)\\n]*\\)\\s*$\\n?");

    private static final int ERROR_BODY_BYTES = 300;

    private final String name;
    private final String description;
    private final JsonNode parameters;
    private final URI url;
    private final Duration timeout;
    private final Map<String, String> headers;
    private final HttpClient client;
    private final ResponseMemory memory;
    private final Budgets budgets;

    /** What one answer may take: held in memory up to {@code bufferedBytes}, streamed into the store up to {@code maxBytes}. */
    record Budgets(long bufferedBytes, long maxBytes, Duration stallTimeout) {
    }

    public RemoteTool(String name, String description, JsonNode parameters, URI url, Duration timeout,
                      Map<String, String> headers, HttpClient client, ResponseMemory memory, Budgets budgets) {
        this.name = name;
        this.description = description;
        this.parameters = parameters;
        this.url = url;
        this.timeout = timeout;
        this.headers = Map.copyOf(headers);
        this.client = client;
        this.memory = memory;
        this.budgets = budgets;
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

    /** The answer as text; an answer too long to hold in memory is an error here (the pipeline calls {@link #call}). */
    @Override
    public Uni<String> execute(JsonNode arguments) {
        return call(arguments).map(output -> {
            if (output instanceof ToolOutput.Streamed streamed) {
                streamed.abandon().run();
                throw new ToolException("tool " + name + " answered more than toolspill.tools.max-buffered-bytes = "
                        + budgets.bufferedBytes() + " bytes, which only a stored output may hold");
            }
            return output.text();
        });
    }

    /**
     * POSTs the arguments and takes the answer within its budgets: whole when short, as a {@link ToolOutput.Streamed}
     * that is stored as it arrives when long. An abandoned call (its timeout passed, or the batch was cancelled)
     * resets the request, so the download stops.
     */
    @Override
    public Uni<ToolOutput> call(JsonNode arguments) {
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.POST).setAbsoluteURI(url.toString())
                .setIdleTimeout(timeout.toMillis())
                .putHeader("Content-Type", "application/json").putHeader("Accept", "*/*").putHeader("User-Agent", "toolspill");
        headers.forEach(options::putHeader);
        return Uni.createFrom().<RemoteExchange.Response>emitter(emitter -> {
                    RemoteExchange exchange = new RemoteExchange(emitter, memory, budgets.bufferedBytes(), budgets.stallTimeout(),
                            this::describe);
                    client.request(options).onComplete(opened -> {
                        if (opened.failed()) {
                            exchange.fail(opened.cause());
                        } else {
                            exchange.start(opened.result(), Buffer.buffer(arguments.toString()));
                        }
                    });
                })
                .onFailure(RemoteExchange.RefusedResponse.class).transform(e -> refused(((RemoteExchange.RefusedResponse) e).refusal))
                .map(this::output);
    }

    private ToolOutput output(RemoteExchange.Response response) {
        if (response.stream() != null) {
            ResponseStream stream = response.stream();
            return new ToolOutput.Streamed(io.smallrye.mutiny.Multi.createFrom().publisher(stream), stream::close, budgets.maxBytes(),
                    "toolspill.tools.max-response-bytes");
        }
        return new ToolOutput.Inline(body(response));
    }

    private ToolException refused(RemoteExchange.Refusal refusal) {
        return switch (refusal) {
            case NO_MEMORY -> new ToolException("tool " + name + " answered while this replica was receiving as much as it may "
                    + "hold of other tools' answers (toolspill.tools.response-buffer-bytes); retry shortly");
            case NOT_UTF8 -> new ToolException("tool " + name + " answered bytes that are not UTF-8 text, so its answer was "
                    + "dropped; ask for a text or JSON answer");
        };
    }

    private String body(RemoteExchange.Response response) {
        String body = response.body();
        if (response.status() / 100 != 2) {
            String excerpt = body.length() > ERROR_BODY_BYTES ? body.substring(0, ERROR_BODY_BYTES) + "…" : body;
            throw new ToolException("tool " + name + " failed: its server answered HTTP " + response.status()
                    + (response.statusMessage() == null ? "" : " " + scrubbed(response.statusMessage()))
                    + (excerpt.isBlank() ? "" : ": " + scrubbed(excerpt).strip()));
        }
        return body;
    }

    /**
     * The words of the tool's server (an error body, a reason phrase, a library's message) without what tells the
     * network or the code behind it: URLs, host:port, IP addresses and {@code localhost}, and stack frames.
     */
    static String scrubbed(String words) {
        String text = STACK_FRAME.matcher(words).replaceAll("");
        text = URL.matcher(text).replaceAll("<url>");
        text = ADDRESS.matcher(text).replaceAll("its server");
        return HOST.matcher(text).replaceAll("<host>");
    }

    /**
     * What the model reads when the tool's server failed: what happened and what would work, never the server's
     * address (an internal host:port is of no use to the model and tells a caller the network); the log names it.
     */
    private Throwable describe(Throwable failure) {
        Log.warnf("tool %s at %s:%d failed: %s", name, url.getHost(), url.getPort(), failure.toString());
        if (failure instanceof ConnectException || failure.getCause() instanceof ConnectException) {
            return new ToolException("tool " + name + " is unavailable: its server refused the connection;"
                    + " try again later or use another tool", failure);
        }
        if (failure instanceof UnknownHostException || failure.getCause() instanceof UnknownHostException) {
            return new ToolException("tool " + name + " is unavailable: its server's host name could not be resolved (DNS);"
                    + " use another tool", failure);
        }
        if (failure instanceof TimeoutException || failure.getClass().getSimpleName().contains("Timeout")) {
            return new ToolException("tool " + name + " did not answer within "
                    + Durations.format(timeout) + "; retry with a narrower request", failure);
        }
        String message = String.valueOf(failure.getMessage());
        if (message.contains("SSL") || message.contains("TLS") || failure.getClass().getSimpleName().startsWith("SSL")) {
            return new ToolException("tool " + name + " failed: its server and this service did not agree on TLS (an https url "
                    + "for a server that speaks plain http, or the reverse); its url in toolspill.tools.remote needs fixing, "
                    + "use another tool", failure);
        }
        if (failure instanceof HttpClosedException || message.contains("Connection reset") || message.contains("closed before")) {
            return new ToolException("tool " + name + " closed the connection before answering; try again", failure);
        }
        String said = failure.getMessage() == null || failure.getMessage().isBlank() ? "the connection failed"
                : scrubbed(failure.getMessage().lines().findFirst().orElse(""));
        if (failure instanceof IllegalArgumentException || failure.getClass().getSimpleName().contains("Decoder")
                || message.contains("must be preceded by") || message.contains("invalid version") || message.contains("Invalid")) {
            // reached, but what came back was not HTTP (the parser's words say why): not a connection problem
            return new ToolException("tool " + name + " failed: its server answered something that is not HTTP ("
                    + said + "); use another tool", failure);
        }
        return new ToolException("tool " + name + " could not be reached (" + said + "); try again later or use another tool",
                failure);
    }
}
