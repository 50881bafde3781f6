package dev.toolspill.tool.remote;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.TestVertx;
import dev.toolspill.tool.ToolException;
import io.vertx.core.http.HttpClient;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A remote tool whose server answers bytes that are not HTTP: the model reads what happened, not a Java class name. */
class RemoteToolFailuresTest {

    static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void anAnswerThatIsNotHttpNamesNoJavaClass() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread answering = new Thread(() -> {
                try (Socket socket = server.accept(); OutputStream out = socket.getOutputStream()) {
                    socket.getInputStream().read(new byte[4096]);
                    out.write("SSH-2.0-OpenSSH_9.2 not http at all\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    out.flush();
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
            String message = failure.getMessage();
            assertTrue(message.startsWith("tool odd failed: its server at 127.0.0.1:" + server.getLocalPort()
                    + " answered something that is not HTTP ("), message);
            assertFalse(message.contains("Exception") || message.contains("io.vertx") || message.contains("io.netty"), message);
            answering.join(Duration.ofMinutes(1).toMillis());
            client.close();
        }
    }
}
