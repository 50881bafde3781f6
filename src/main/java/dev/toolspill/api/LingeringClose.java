package dev.toolspill.api;

import dev.toolspill.config.ToolspillConfig;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.Set;

/**
 * Closes the HTTP/1 connection of a request answered before its body was read, without losing the answer. A socket
 * closed with unread bytes in its receive buffer is reset, not closed, and a reset makes the client's kernel drop
 * what it had not yet handed to the client: often the very answer that said why (a 413, a 400 about the tool). So,
 * as nginx's lingering close does, the rest of the body is read and dropped once the answer is out, and the
 * connection closes when the body ends or {@code toolspill.pipeline.linger-timeout} after the answer, whichever
 * comes first. Nothing is buffered: a lingering connection costs a timer. HTTP/2 resets only the stream.
 * <p>
 * A connection that ends with its answer serves no request after it ({@link #ending}, said before the answer is
 * written): bytes the server did not read as this request's body (an unknown {@code Transfer-Encoding}, a body cut
 * short) would otherwise be parsed as a next request and answered, behind an answer that said {@code Connection:
 * close}: a way to smuggle a request past whatever read the first one. The first route ({@link HttpHygiene}) closes
 * such a connection without answering.
 */
@ApplicationScoped
public class LingeringClose {

    private final Vertx vertx;
    private final long lingerMillis;
    /**
     * HTTP/1 connections that end with the answer being written: weak keys compared by identity, so a closed one is
     * forgotten; read on every request without a lock (Caffeine's map, not a synchronized WeakHashMap).
     */
    private final Set<HttpConnection> ending = java.util.Collections.newSetFromMap(
            com.github.benmanes.caffeine.cache.Caffeine.newBuilder().weakKeys().<HttpConnection, Boolean>build().asMap());

    @Inject
    public LingeringClose(Vertx vertx, ToolspillConfig config) {
        this(vertx, config.pipeline().lingerTimeout());
    }

    LingeringClose(Vertx vertx, Duration linger) {
        this.vertx = vertx;
        this.lingerMillis = Math.max(1, linger.toMillis());
    }

    /** RST_STREAM's CANCEL (RFC 9113, 7): the stream is no longer needed. */
    static final long CANCEL = 0x8;

    /**
     * Drops an exchange that gets no answer (its sender stalled, or took too long): over HTTP/2 its stream is reset
     * with CANCEL and the connection's other streams go on (closing it would send GOAWAY and fail every one of them);
     * over HTTP/1 the connection closes, since the rest of its body would be read as a next request.
     */
    public static void drop(HttpServerRequest request) {
        if (request.version() == HttpVersion.HTTP_2) {
            request.response().reset(CANCEL);
        } else {
            // not Vert.x's reset, which closes the HTTP/1 connection too but as the response's own close: the
            // connection's close then never reaches the response's close handler, and the route's end handlers
            // (an upload slot given back) would not run
            request.connection().close();
        }
    }

    /** Call before the answer is written: the HTTP/1 connection ends with it, and serves nothing after it. */
    public void ending(HttpServerRequest request) {
        if (request.version() != HttpVersion.HTTP_2) {
            ending.add(request.connection());
        }
    }

    /** Whether the request came on a connection that ends with an answer already given: it is not to be served. */
    public boolean ended(HttpServerRequest request) {
        return request.version() != HttpVersion.HTTP_2 && ending.contains(request.connection());
    }

    /** Call once the answer is written (or written to the socket's queue): ends the exchange and its connection. */
    public void close(HttpServerRequest request) {
        ending(request);
        if (request.version() == HttpVersion.HTTP_2) {
            if (!request.isEnded()) {
                request.response().reset(0); // NO_ERROR once the answer is whole (RFC 9113, 8.1): the connection carries other streams
            }
            return;
        }
        if (request.isEnded()) {
            request.connection().close();
            return;
        }
        long timer = vertx.setTimer(lingerMillis, fired -> request.connection().close());
        try {
            request.exceptionHandler(failure -> { })
                    .endHandler(ended -> {
                        vertx.cancelTimer(timer);
                        request.connection().close();
                    })
                    .handler(dropped -> { })
                    .resume();
        } catch (IllegalStateException alreadyRead) { // the body ended between the check and the handlers
            vertx.cancelTimer(timer);
            request.connection().close();
        }
    }
}
