package dev.toolspill.api;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One HTTP/1.1 exchange on a socket, with the request path exactly as given (as {@code curl --path-as-is} sends it):
 * HTTP clients resolve dot segments before sending, which is what these tests must not let happen.
 */
public record RawHttp(int status, Map<String, String> headers, String body) {

    public static RawHttp send(URL root, String method, String path, Map<String, String> headers, byte[] body) throws IOException {
        try (Socket socket = new Socket(root.getHost(), root.getPort())) {
            socket.setSoTimeout(30_000);
            StringBuilder head = new StringBuilder(method + " " + path + " HTTP/1.1\r\nHost: " + root.getHost() + "\r\nConnection: close\r\n");
            headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
            if (body != null) {
                head.append("Content-Length: ").append(body.length).append("\r\n");
            }
            OutputStream out = socket.getOutputStream();
            out.write(head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
            try {
                if (body != null) {
                    out.write(body);
                }
                out.flush();
            } catch (IOException refusedBeforeTheBody) {
                // the answer may have come, and the connection closed, before the body was read
            }
            return read(socket.getInputStream());
        }
    }

    private static RawHttp read(InputStream in) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n; (n = in.read(buffer)) > 0; ) {
                all.write(buffer, 0, n);
            }
        } catch (IOException reset) {
            // a connection closed right after the answer may reset: what arrived is the answer
        }
        String text = all.toString(StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        if (end < 0) {
            throw new IOException("no HTTP answer: '" + text + "'");
        }
        String[] lines = text.substring(0, end).split("\r\n");
        Map<String, String> headers = new TreeMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.merge(lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).strip(), (a, b) -> a + ", " + b);
        }
        return new RawHttp(Integer.parseInt(lines[0].split(" ")[1]), headers, text.substring(end + 4));
    }
}
