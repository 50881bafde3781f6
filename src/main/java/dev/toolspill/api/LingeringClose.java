package dev.toolspill.api;

import dev.toolspill.config.ToolspillConfig;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;

/**
 * Closes the HTTP/1 connection of a request answered before its body was read, without losing the answer. A socket
 * closed with unread bytes in its receive buffer is reset, not closed, and a reset makes the client's kernel drop
 * what it had not yet handed to the client: often the very answer that said why (a 413, a 400 about the tool). So,
 * as nginx's lingering close does, the rest of the body is read and dropped once the answer is out, and the
 * connection closes when the body ends or {@code toolspill.pipeline.linger-timeout} after the answer, whichever
 * comes first. Nothing is buffered: a lingering connection costs a timer. HTTP/2 resets only the stream.
 */
@ApplicationScoped
public class LingeringClose {

    private final Vertx vertx;
    private final long lingerMillis;

    @Inject
    public LingeringClose(Vertx vertx, ToolspillConfig config) {
        this(vertx, config.pipeline().lingerTimeout());
    }

    LingeringClose(Vertx vertx, Duration linger) {
        this.vertx = vertx;
        this.lingerMillis = Math.max(1, linger.toMillis());
    }

    /** Call once the answer is written (or written to the socket's queue): ends the exchange and its connection. */
    public void close(HttpServerRequest request) {
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
