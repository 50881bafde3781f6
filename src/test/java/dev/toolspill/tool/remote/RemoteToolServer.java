package dev.toolspill.tool.remote;

import dev.toolspill.TestPorts;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A real HTTP server on a free loopback port that plays remote tools: {@code /search} answers 50 KB
 * of JSON built from the posted arguments, {@code /broken} answers 503, {@code /slow} answers late.
 * It also names a port nothing listens on, for a refused connection.
 */
public class RemoteToolServer implements QuarkusTestResourceLifecycleManager {

    private static final java.util.concurrent.ScheduledExecutorService LATER =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "remote-tool-server-later");
                t.setDaemon(true);
                return t;
            });


    public static final int SEARCH_HITS = 400;

    /** Lines in the answer of {@code /lines} (tool "big_log"): about 7.5 MB, far over what an answer may hold in memory. */
    public static final int LINES = 200_000;

    public static String line(int number) {
        return String.format("%06d the remote tool wrote this line while streaming\n", number);
    }

    private HttpServer server;

    public static String searchBody(String query) {
        return IntStream.range(0, SEARCH_HITS)
                .mapToObj(i -> "{\"rank\":" + i + ",\"title\":\"" + query + " result " + i + "\",\"snippet\":\"" + "lorem ipsum ".repeat(8) + "\"}")
                .collect(Collectors.joining(",", "[", "]"));
    }

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.setExecutor(Executors.newFixedThreadPool(8));
            server.createContext("/search", exchange -> {
                String args = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                String query = args.replaceAll(".*\"q\"\\s*:\\s*\"([^\"]*)\".*", "$1");
                String auth = exchange.getRequestHeaders().getFirst("Authorization");
                if (!"Bearer test-token".equals(auth)) {
                    send(exchange, 401, "text/plain", "missing token");
                    return;
                }
                send(exchange, 200, "application/json", searchBody(query));
            });
            server.createContext("/endless", exchange -> stream(exchange, 0));
            server.createContext("/lines", exchange -> {
                exchange.getRequestBody().readAllBytes();
                exchange.getResponseHeaders().set("Content-Type", "text/plain");
                exchange.sendResponseHeaders(200, 0);
                try (var out = new java.io.BufferedOutputStream(exchange.getResponseBody(), 1 << 16)) {
                    for (int i = 1; i <= LINES; i++) {
                        out.write(line(i).getBytes(StandardCharsets.US_ASCII));
                    }
                }
                exchange.close();
            });
            server.createContext("/ended", exchange -> send(exchange, 200, "text/plain", Integer.toString(STREAMS_ENDED.get())));
            server.createContext("/trickle", exchange -> stream(exchange, 50));
            server.createContext("/broken", exchange -> send(exchange, 503, "text/plain", "upstream index is rebuilding"));
            // answers after 3 s from a timer, holding no thread of the server meanwhile
            server.createContext("/slow", exchange -> LATER.schedule(() -> {
                send(exchange, 200, "text/plain", "too late");
                return null;
            }, 3, java.util.concurrent.TimeUnit.SECONDS));
            server.start();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        String base = "http://127.0.0.1:" + server.getAddress().getPort();
        return Map.ofEntries(
                Map.entry("toolspill.tools.remote.\"search\".url", base + "/search"),
                Map.entry("toolspill.tools.remote.\"search\".description", "Search the test index."),
                Map.entry("toolspill.tools.remote.\"search\".schema", "{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"}},\"required\":[\"q\"]}"),
                Map.entry("toolspill.tools.remote.\"search\".headers.\"Authorization\"", "Bearer test-token"),
                Map.entry("toolspill.tools.remote.\"broken\".url", base + "/broken"),
                Map.entry("toolspill.tools.remote.\"slow_remote\".url", base + "/slow"),
                Map.entry("toolspill.tools.remote.\"slow_remote\".timeout", "300ms"),
                Map.entry("toolspill.tools.remote.\"overflowing\".url", base + "/endless"),
                Map.entry("toolspill.tools.max-response-bytes", "16777216"),
                Map.entry("toolspill.arguments.max-blob-bytes", "4194304"),
                Map.entry("toolspill.tools.remote.\"big_log\".url", base + "/lines"),
                Map.entry("toolspill.tools.remote.\"trickle\".url", base + "/trickle"),
                Map.entry("toolspill.tools.remote.\"trickle\".timeout", "300ms"),
                Map.entry("toolspill.tools.remote.\"refused\".url", "http://127.0.0.1:" + TestPorts.free() + "/x"),
                Map.entry("toolspill.tools.remote.\"nowhere\".url", "http://no-such-host.invalid/x"));
    }

    private static final byte[] BLOCK = "x".repeat(64 * 1024).getBytes(StandardCharsets.US_ASCII);

    /**
     * Streams 64 KiB blocks until the client goes away, {@code pauseMillis} apart (from a timer, holding no thread in
     * between); counts the streams that ended.
     */
    private static void stream(HttpExchange exchange, long pauseMillis) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "text/plain");
        exchange.sendResponseHeaders(200, 0);
        if (pauseMillis == 0) {
            for (int i = 0; i < 1_000_000 && writeBlock(exchange); i++) {
                // each block written at once
            }
            exchange.close();
            return;
        }
        LATER.schedule(new Runnable() {
            private int blocks;

            @Override
            public void run() {
                if (blocks++ < 1_000_000 && writeBlock(exchange)) {
                    LATER.schedule(this, pauseMillis, java.util.concurrent.TimeUnit.MILLISECONDS);
                } else {
                    exchange.close();
                }
            }
        }, 0, java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    /** Writes one block; false once the client went away (counted in {@link #STREAMS_ENDED}). */
    private static boolean writeBlock(HttpExchange exchange) {
        try {
            exchange.getResponseBody().write(BLOCK);
            exchange.getResponseBody().flush();
            return true;
        } catch (IOException e) {
            STREAMS_ENDED.incrementAndGet(); // the client reset the request: the download stopped
            return false;
        }
    }

    /** Streams of {@code /endless} and {@code /trickle} that ended because the client went away. */
    public static final java.util.concurrent.atomic.AtomicInteger STREAMS_ENDED = new java.util.concurrent.atomic.AtomicInteger();

    private static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
