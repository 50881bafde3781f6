package dev.toolspill.api;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static dev.toolspill.api.AuthProfileTest.KEY_A;
import static dev.toolspill.api.AuthProfileTest.WRONG;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * With authentication on, what happens to the connection of a request that is refused for its key: over HTTP/2 only
 * its stream ends, and over HTTP/1.1 an upload gets its 401 before its body is read and its connection is closed.
 */
@QuarkusTest
@TestProfile(AuthProfileTest.Profile.class) // with the API-key tests: one application
class AuthConnectionsTest {

    @TestHTTPResource("/")
    URL root;

    /**
     * Over HTTP/2 (a proxy's connection carries other clients' streams) a request without a key whose body is on its
     * way gets its whole 401, and only its stream ends: the next exchange on the same connection is answered.
     */
    @Test
    void overHttp2ARefusedBodyGetsItsAnswerAndTheConnectionServesOn() throws Exception {
        try (Http2Exchange h2 = new Http2Exchange(root)) {
            io.vertx.core.http.HttpMethod post = io.vertx.core.http.HttpMethod.POST;
            Http2Exchange.Answer refused = h2.send(post, "/v1/tool-outputs?tool=t", Map.of("Content-Type", "text/plain"),
                    "line of output\n".repeat(200_000), false);
            org.junit.jupiter.api.Assertions.assertEquals(401, refused.status(), refused.body());
            org.junit.jupiter.api.Assertions.assertTrue(refused.body().contains("\"status\":401"), refused.body());
            Http2Exchange.Answer stored = h2.send(post, "/v1/tool-outputs?tool=t", Map.of("Content-Type", "text/plain",
                    "Authorization", "Bearer " + KEY_A), "line of output\n".repeat(2_000), false);
            org.junit.jupiter.api.Assertions.assertEquals(200, stored.status(), stored.body());
        }
    }

    /** Sends only the headers of a request that announces a large body; {@link #answerTo} reads what comes back. */
    Socket headersOnly(String method, String path, String contentType, long contentLength, String key) throws Exception {
        Socket socket = new Socket(root.getHost(), root.getPort());
        socket.setSoTimeout(10_000);
        String authorization = key == null ? "" : "Authorization: Bearer " + key + "\r\n";
        socket.getOutputStream().write((method + " " + path + " HTTP/1.1\r\nHost: x\r\nContent-Type: " + contentType
                + "\r\nContent-Length: " + contentLength + "\r\n" + authorization + "\r\n").getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        return socket;
    }

    /** Everything the server sends until it closes the connection (or 10 s pass, and the read fails). */
    static String answerTo(Socket socket) throws Exception {
        try (socket) {
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /**
     * The four uploads go out together, so their connections linger at the same time: each ends at most
     * {@code toolspill.pipeline.linger-timeout} after its answer (the test profile's 1 s), and the test waits that once.
     */
    @Test
    void anUnauthenticatedUploadIsRefusedBeforeItsBodyIsReadAndItsConnectionClosed() throws Exception {
        Map<String, Socket> sent = new java.util.LinkedHashMap<>();
        try {
            for (String[] upload : new String[][] {{"/v1/tool-outputs?tool=t", "text/plain"}, {"/v1/tool-calls", "application/json"}}) {
                for (String key : java.util.Arrays.asList(null, WRONG)) {
                    // 100 MB announced, none sent: the answer comes from the headers alone, and the connection ends with it
                    sent.put(upload[0] + " with key " + key, headersOnly("POST", upload[0], upload[1], 100_000_000L, key));
                }
            }
            for (Map.Entry<String, Socket> upload : sent.entrySet()) {
                String answer = answerTo(upload.getValue());
                assertTrue(answer.startsWith("HTTP/1.1 401 "), upload.getKey() + " answered " + answer);
                assertTrue(answer.contains("application/problem+json"), answer);
                assertTrue(answer.toLowerCase(java.util.Locale.ROOT).contains("connection: close"), answer);
                assertFalse(answer.contains(WRONG), answer);
            }
        } finally {
            for (Socket socket : sent.values()) {
                socket.close();
            }
        }
    }
}
