package dev.toolspill.api;

import dev.toolspill.http.RouteOrder;

import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.Map;
import java.util.Optional;

/**
 * What every answer of the router carries, whoever makes it: {@code X-Content-Type-Options: nosniff} (so a browser
 * never guesses a blob's bytes are HTML or script), and a problem+json body on the errors the router itself raises
 * before any resource runs (a body over Quarkus' own cap, an unknown path), which would otherwise be empty, and the
 * answer to OPTIONS on the REST resources' paths, which names the methods a 405 there names. The body
 * never names a Java type: only the status and its reason. What the HTTP server answers before any route (a URI that
 * is not valid, too long a request line or headers, a Content-Length that is not a number) stays an empty 400, 414 or
 * 431: Quarkus and Vert.x offer no hook there (guide, Hostile input).
 */
@ApplicationScoped
public class HttpHygiene {

    static final String NOSNIFF = "nosniff";

    private final ProblemSender problems;
    private final LingeringClose lingering;
    private final AllowedMethods allowed;
    private final long maxBodyBytes;

    public HttpHygiene(@ConfigProperty(name = "quarkus.http.limits.max-body-size") Optional<MemorySize> maxBodySize, ProblemSender problems,
                       LingeringClose lingering, AllowedMethods allowed) {
        this.problems = problems;
        this.allowed = allowed;
        this.lingering = lingering;
        this.maxBodyBytes = maxBodySize.map(MemorySize::asLongValue).orElse(Long.MAX_VALUE);
    }

    void install(@Observes Router router) {
        router.route().order(RouteOrder.NOSNIFF.order()).handler(context -> {
            if (lingering.ended(context.request())) { // behind an answer that closed the connection: not a request to serve
                context.request().connection().close();
                return;
            }
            context.addHeadersEndHandler(ended -> context.response().headers().set("X-Content-Type-Options", NOSNIFF));
            context.next();
        });
        router.route().order(RouteOrder.FRAMING.order()).handler(this::framing);
        router.route().method(HttpMethod.OPTIONS).order(RouteOrder.OPTIONS.order()).handler(this::options);
        router.route().order(RouteOrder.BODY_CAP.order()).handler(this::bodyCap);
        for (int status : new int[] {400, 404, 405, 406, 411, 413, 414, 415, 431, 500, 501, 503}) {
            router.errorHandler(status, this::problem);
        }
    }

    /**
     * One way to frame a body (RFC 9112, 6): {@code chunked} is the only transfer coding taken, and never beside a
     * Content-Length, where a proxy in front could read another body than this service does.
     */
    private void framing(RoutingContext context) {
        String coding = context.request().getHeader("Transfer-Encoding");
        if (coding == null) {
            context.next();
        } else if (context.request().getHeader("Content-Length") != null) {
            problems.send(context, 400, "Bad Request", "the request has both Content-Length and Transfer-Encoding: send one of them",
                    java.util.Map.of());
        } else if (!coding.strip().equalsIgnoreCase("chunked")) {
            problems.send(context, 501, "Not Implemented", "Transfer-Encoding '" + coding + "' is not supported: send the body "
                    + "with a Content-Length, or chunked alone", java.util.Map.of());
        } else {
            context.next();
        }
    }

    /**
     * OPTIONS on a path of the REST resources: the methods a 405 there names ({@link AllowedMethods}), which Quarkus
     * REST's own answer does not (HEAD on a path that takes only POST). Other paths answer as their handlers do.
     */
    private void options(RoutingContext context) {
        Optional<String> allow = allowed.allow(context.request().path());
        if (allow.isEmpty()) {
            context.next();
            return;
        }
        problems.empty(context, 200, Map.of("Allow", allow.get()));
    }

    private void bodyCap(RoutingContext context) {
        String length = context.request().getHeader("Content-Length");
        long bytes;
        try {
            bytes = length == null ? 0 : Long.parseLong(length.strip());
        } catch (NumberFormatException e) {
            bytes = 0; // the endpoint answers a length that is not a number
        }
        if (bytes > maxBodyBytes) {
            problems.send(context, 413, "Content Too Large", "the body (" + bytes + " bytes) is larger than any this service takes ("
                    + maxBodyBytes + " bytes, quarkus.http.limits.max-body-size)", java.util.Map.of());
            return;
        }
        context.next();
    }

    private void problem(RoutingContext context) {
        var response = context.response();
        if (response.ended() || response.headWritten()) {
            return;
        }
        int status = context.statusCode() > 0 ? context.statusCode() : 500;
        problems.answer(context, status, io.netty.handler.codec.http.HttpResponseStatus.valueOf(status).reasonPhrase(), detail(status),
                Map.of("X-Content-Type-Options", NOSNIFF));
    }

    private static String detail(int status) {
        return switch (status) {
            case 400 -> "the request could not be read (for example a path with bad percent-encoding or a malformed header)";
            case 404 -> "no such path: see /q/openapi for the endpoints";
            case 405 -> "this path does not take this method: see /q/openapi";
            case 413 -> "the body is larger than this service takes";
            case 414 -> "the request line is too long";
            case 431 -> "the request headers are too large";
            default -> "the request failed with status " + status;
        };
    }
}
