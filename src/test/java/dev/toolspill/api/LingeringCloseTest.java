package dev.toolspill.api;

import dev.toolspill.http.Problem;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** A request answered before its body was read still gets its answer whole, and its connection still closes. */
class LingeringCloseTest {

    private static final String ANSWER = "{\"detail\":\"the body is over the limit\"}";

    private Vertx vertx;
    private HttpServer server;

    @BeforeEach
    void start() throws Exception {
        vertx = Vertx.vertx();
        LingeringClose lingering = new LingeringClose(vertx, Duration.ofMillis(300));
        server = vertx.createHttpServer().requestHandler(request -> request.response()
                        .setStatusCode(413).putHeader("Connection", "close").putHeader("Content-Type", Problem.MEDIA_TYPE)
                        .end(ANSWER).onComplete(sent -> lingering.close(request)))
                .listen(0).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @AfterEach
    void stop() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void aClientStillSendingItsBodyGetsTheWholeAnswerAndThenTheEndOfTheConnection() throws Exception {
        for (int round = 0; round < 10; round++) {
            int bodyBytes = 8 << 20;
            try (Socket socket = new Socket("localhost", server.actualPort())) {
                OutputStream out = socket.getOutputStream();
                out.write(head(bodyBytes));
                CompletableFuture<Void> sending = CompletableFuture.runAsync(() -> send(out, bodyBytes));
                String answer = readToEnd(socket.getInputStream());
                assertTrue(answer.startsWith("HTTP/1.1 413") && answer.endsWith(ANSWER), answer);
                sending.get(30, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void aClientThatStopsSendingIsClosedAfterTheLingerTimeout() throws Exception {
        try (Socket socket = new Socket("localhost", server.actualPort())) {
            socket.setSoTimeout(30_000); // a connection left open would fail the test here, not hang it
            socket.getOutputStream().write(head(1 << 20));
            socket.getOutputStream().write(new byte[100]);
            socket.getOutputStream().flush();
            String answer = readToEnd(socket.getInputStream());
            assertTrue(answer.endsWith(ANSWER), answer);
        }
    }

    private static byte[] head(int bodyBytes) {
        return ("POST /v1/tool-outputs?tool=t HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: "
                + bodyBytes + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    private static void send(OutputStream out, int bodyBytes) {
        byte[] chunk = new byte[64 * 1024];
        java.util.Arrays.fill(chunk, (byte) 'x');
        try {
            for (int sent = 0; sent < bodyBytes; sent += chunk.length) {
                out.write(chunk, 0, Math.min(chunk.length, bodyBytes - sent));
            }
            out.flush();
        } catch (IOException closedWhileSending) {
            // allowed: the answer came first, and the server may close once it has dropped the body
        }
    }

    /** Everything the server sends until it closes; a reset before that fails the test. */
    private static String readToEnd(InputStream in) throws IOException {
        ByteArrayOutputStream answer = new ByteArrayOutputStream();
        in.transferTo(answer);
        return answer.toString(StandardCharsets.UTF_8);
    }
}
