package dev.toolspill.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.config.ToolspillConfig;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Every body but a streamed ingest is read whole into memory before it is parsed, so each has a cap
 * ({@code toolspill.pipeline.max-body-bytes}), checked from its {@code Content-Length} before a byte is read: 413
 * above it. A body of unknown length (chunked) could not be checked that way and gets 411. {@code /v1/tool-outputs}
 * streams and enforces {@code toolspill.ingest.max-bytes} itself.
 */
@ApplicationScoped
public class BodyLimits {

    private static final String STREAMED = "/v1/tool-outputs";

    private final long maxBytes;
    private final ObjectMapper mapper;

    public BodyLimits(ToolspillConfig config, ObjectMapper mapper) {
        this.maxBytes = config.pipeline().maxBodyBytes();
        this.mapper = mapper;
    }

    void install(@Observes Router router) {
        // after Quarkus' authorization (order -100): a request without a valid key gets its 401 first
        router.route().order(-98).handler(this::check);
    }

    private void check(RoutingContext context) {
        HttpMethod method = context.request().method();
        boolean hasBody = method == HttpMethod.POST || method == HttpMethod.PUT || method == HttpMethod.PATCH;
        if (!hasBody || context.request().path().startsWith(STREAMED)) {
            context.next();
            return;
        }
        String length = context.request().getHeader("Content-Length");
        if (length == null) {
            if (context.request().getHeader("Transfer-Encoding") == null) {
                context.next(); // no body at all
                return;
            }
            refuse(context, 411, "Length Required", "send this body with a Content-Length (at most " + maxBytes
                    + " bytes, toolspill.pipeline.max-body-bytes); only POST /v1/tool-outputs streams bodies of unknown length");
            return;
        }
        long bytes;
        try {
            bytes = Long.parseLong(length.strip());
        } catch (NumberFormatException e) {
            refuse(context, 400, "Bad Request", "Content-Length '" + length + "' is not a number of bytes");
            return;
        }
        if (bytes > maxBytes) {
            refuse(context, 413, "Content Too Large", "the body (" + bytes + " bytes) is over toolspill.pipeline.max-body-bytes = "
                    + maxBytes + " bytes: send fewer or smaller calls per request, or large outputs to POST /v1/tool-outputs");
            return;
        }
        context.next();
    }

    private void refuse(RoutingContext context, int status, String title, String detail) {
        Problem.send(context, mapper, status, title, detail, java.util.Map.of());
    }
}
