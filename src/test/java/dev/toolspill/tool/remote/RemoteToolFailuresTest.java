package dev.toolspill.tool.remote;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.TestVertx;
import dev.toolspill.tool.ToolException;
import io.vertx.core.http.HttpClient;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A remote tool whose server misbehaves on the wire: the model reads what happened and what would work, not a Java
 * class name and not the server's address.
 */
class RemoteToolFailuresTest {

    static final ObjectMapper MAPPER = new ObjectMapper();

    /** What the server does with one accepted connection, after it read the request. */
    interface Misbehaviour {
        void on(Socket socket) throws IOException;
    }

    @Test
    void anAnswerThatIsNotHttpNamesNoJavaClass() throws Exception {
        String message = failureAgainst(socket -> {
            socket.getOutputStream().write("SSH-2.0-OpenSSH_9.2 not http at all\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
        });
        assertTrue(message.startsWith("tool odd failed: its server answered something that is not HTTP ("), message);
    }

    @Test
    void aResetConnectionIsToldAsClosedAndWorthRetrying() throws Exception {
        String message = failureAgainst(socket -> socket.setSoLinger(true, 0)); // closing then sends RST, not FIN
        assertTrue(message.equals("tool odd closed the connection before answering; try again"), message);
    }

    @Test
    void aConnectionClosedInTheMiddleOfTheHeadersIsToldAsClosed() throws Exception {
        String message = failureAgainst(socket -> {
            socket.getOutputStream().write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n".getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
        });
        assertEquals("tool odd closed the connection before answering; try again", message);
    }

    @Test
    void headersEndedByABareLineFeedAreNotHttp() throws Exception {
        String message = failureAgainst(socket -> {
            socket.getOutputStream().write("HTTP/1.1 200 OK\nContent-Length: 2\n\nok".getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
        });
        assertTrue(message.startsWith("tool odd failed: its server answered something that is not HTTP ("), message);
    }

    @Test
    void whatTheServerSaysReachesTheModelWithoutAddressesOrStackFrames() {
        String said = RemoteTool.scrubbed("upstream connect error: dial tcp 127.0.0.1:43463: connection refused at localhost:5432 "
                + "http://10.0.0.5:8080/x, db at [::1]:5432 or db.internal:6379\njava.lang.NullPointerException\n\tat com.acme.Foo.bar(Foo.java:42)\n"
                + "\tat /srv/app/Main.main(Main.java:7)\nlast try 2026-11-29T10:00:00Z");
        for (String leak : new String[] {"127.0.0.1", "43463", "localhost", "10.0.0.5", "8080", "::1", "db.internal", "6379", "Foo.java", "Main.java"}) {
            assertFalse(said.contains(leak), leak + " in: " + said);
        }
        assertTrue(said.startsWith("upstream connect error: dial tcp its server: connection refused at its server <url>"), said);
        assertTrue(said.endsWith("last try 2026-11-29T10:00:00Z"), "a time is not an address: " + said);
        assertEquals("upstream index is rebuilding", RemoteTool.scrubbed("upstream index is rebuilding"));
    }

    /** Runs the tool once against a server that misbehaves as told; checks what every such message must not say. */
    private static String failureAgainst(Misbehaviour misbehaviour) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread answering = new Thread(() -> {
                try (Socket socket = server.accept()) {
                    socket.getInputStream().read(new byte[4096]);
                    misbehaviour.on(socket);
                } catch (IOException e) {
                    // the test fails on what the tool says, not here
                }
            });
            answering.start();
            HttpClient client = TestVertx.VERTX.getDelegate().createHttpClient();
            RemoteTool tool = new RemoteTool("odd", "An odd server.", MAPPER.createObjectNode().put("type", "object"),
                    URI.create("http://127.0.0.1:" + server.getLocalPort() + "/tool"), Duration.ofSeconds(30), Map.of(), client,
                    new ResponseMemory(1 << 20), new RemoteTool.Budgets(1 << 20, 1 << 20, Duration.ofSeconds(30)));
            ToolException failure = assertThrows(ToolException.class, () -> tool.execute(MAPPER.createObjectNode()).await().atMost(Duration.ofMinutes(1)));
            answering.join(Duration.ofMinutes(1).toMillis());
            client.close();
            String message = failure.getMessage();
            assertFalse(message.contains("Exception") || message.contains("io.vertx") || message.contains("io.netty"), message);
            assertFalse(message.contains("127.0.0.1") || message.contains(Integer.toString(server.getLocalPort())),
                    "the model does not read the server's address: " + message);
            return message;
        }
    }
}
