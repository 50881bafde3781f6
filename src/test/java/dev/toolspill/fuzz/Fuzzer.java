package dev.toolspill.fuzz;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sends {@code count} generated requests, one after another on one keep-alive client, and collects every answer
 * that is a 5xx or names a Java type, a stack frame, a file path or a {@code host:port}. Everything it sends comes
 * from one seed, so a failure is replayed with {@code -Dfuzz.seed=<seed>}.
 * <p>
 * Over 300 lines on purpose: it is one run, in which every endpoint's requests draw in turn on one {@link Random} and
 * aim at the blobs earlier requests stored, and every answer passes the same checks; what makes a value hostile is
 * {@link Hostile}'s already.
 */
final class Fuzzer {

    static final int CAP = 65_536; // the caps of FuzzProfile: ingest and JSON bodies alike

    private static final List<String> LEAKS = List.of("dev.toolspill", "java.", "Exception", "\tat ", "/work/", "target/", "/tmp/", "/home/");
    private static final Pattern HOST_PORT = Pattern.compile("(127\\.0\\.0\\.1|localhost|0\\.0\\.0\\.0):[0-9]{2,5}");
    private static final Pattern ID = Pattern.compile("\"id\":\"([0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12})\"");
    private static final List<String> TOOLS = List.of("echo", "failing", "complaining", "crashing", "structured", "get_weather",
            "inspect", "broken", "no-such-tool", "", "ECHO", "echo\u0000", "../echo");

    private final String base;
    private final Random random;
    private final Hostile hostile;
    private final List<String> ids = new ArrayList<>();
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    final List<String> findings = new ArrayList<>();
    final TreeMap<String, Integer> statuses = new TreeMap<>();

    /** The API key every request carries (authentication on), or null. */
    private final String key;

    Fuzzer(String base, long seed, String key) {
        this.key = key;
        this.base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        this.random = new Random(seed);
        this.hostile = new Hostile(random, ids);
    }

    void run(int count) throws InterruptedException {
        for (int i = 0; i < 8; i++) { // a few real blobs to aim at: text and JSON
            send(post("/v1/tool-outputs?tool=seed", i % 2 == 0 ? "text/plain" : "application/json",
                    i % 2 == 0 ? hostile.text(2000 + i * 3000) : ("{\"results\":[" + "{\"name\":\"n\",\"v\":1},".repeat(200 * (i + 1)) + "{}]}")
                            .getBytes(StandardCharsets.UTF_8)), false, "seed");
        }
        for (int i = 0; i < count; i++) {
            one();
        }
    }

    private void one() throws InterruptedException {
        int kind = random.nextInt(100);
        if (kind < 20) {
            blobRead();
        } else if (kind < 32) {
            HttpRequest.Builder request = get("/v1/blobs/" + hostile.storedId() + "/inspect?selector=" + enc(hostile.selector()));
            if (hostile.chance(30)) {
                request.header("Accept", hostile.pick(List.of("application/json", "text/plain", "*/*", "garbage", "application/xml", "application/json")));
            }
            send(request, false, "inspect");
        } else if (kind < 35) {
            send(HttpRequest.newBuilder(uri("/v1/blobs/" + hostile.id())).DELETE(), false, "delete");
        } else if (kind < 55) {
            upload();
        } else if (kind < 72) {
            toolCalls();
        } else if (kind < 76) {
            send(get("/v1/tools" + hostile.pick(List.of("", "?format=openai", "?format=anthropic", "?format=openai-responses",
                    "?format=", "?format=" + enc(hostile.selector())))), false, "tools");
        } else if (kind < 88) {
            mcp();
        } else if (kind < 93) {
            send(get(hostile.pick(List.of("/q/health", "/q/health/ready", "/q/health/live", "/q/health/started", "/q/nothing"))), false, "health");
        } else if (hostile.chance(50)) {
            spelling();
        } else {
            String path = hostile.pick(List.of("/v1/", "/v1/blobs/", "/v1/blobs//inspect", "/v1/tool-calls/x", "/", "/v2/tools",
                    "/v1/blobs/" + hostile.id() + "/" + enc(hostile.selector())));
            String method = hostile.pick(List.of("GET", "PUT", "PATCH", "OPTIONS", "POST", "DELETE", "TRACE"));
            send(HttpRequest.newBuilder(uri(path)).method(method, BodyPublishers.ofByteArray(hostile.bytes(hostile.upTo(64)))), false, "other");
        }
    }

    /** Another spelling of an endpoint's path (dot segments, matrix parameters, ...): refused, never served. */
    private void spelling() throws InterruptedException {
        String[] endpoint = hostile.pick(dev.toolspill.api.PathSpellings.ENDPOINTS);
        List<String> spellings = dev.toolspill.api.PathSpellings.of(endpoint[1].replace(dev.toolspill.api.PathSpellings.BLOB_ID, hostile.storedId()));
        String path = hostile.pick(spellings) + (endpoint[1].startsWith("/v1/tool-outputs") ? "?tool=t" : "");
        URI uri;
        try {
            uri = URI.create(base + path);
        } catch (IllegalArgumentException e) {
            return; // java.net.URI refuses it (a backslash): no client sends it this way
        }
        byte[] body = endpoint[0].equals("POST") ? ("{\"calls\":[" + call(0) + "]}").getBytes(StandardCharsets.UTF_8) : new byte[0];
        HttpRequest.Builder request;
        try {
            request = HttpRequest.newBuilder(uri);
        } catch (IllegalArgumentException e) {
            return; // java.net.http refuses it (a matrix parameter on the host, ";v=1/mcp"): PathSpellingsTest sends those raw
        }
        sent = new String(body, StandardCharsets.ISO_8859_1);
        request.header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").method(endpoint[0], BodyPublishers.ofByteArray(body));
        int before = findings.size();
        send(request, false, "spelling");
        Integer served = statuses.keySet().stream().filter(k -> k.startsWith("spelling 2")).map(statuses::get).reduce(0, Integer::sum);
        if (served > servedSpellings && findings.size() == before) {
            findings.add("spelling " + endpoint[0] + " " + path + " was served as if canonical");
        }
        servedSpellings = served;
    }

    private int servedSpellings;

    private void blobRead() throws InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri("/v1/blobs/" + hostile.id()));
        request.method(hostile.chance(25) ? "HEAD" : "GET", BodyPublishers.noBody());
        if (hostile.chance(60)) {
            request.header("Range", hostile.range());
        }
        if (hostile.chance(25)) {
            request.header(hostile.pick(List.of("If-None-Match", "If-Range", "If-Modified-Since", "If-Match")), hostile.tag());
        }
        send(request, false, "blob");
    }

    private void upload() throws InterruptedException {
        int size = switch (random.nextInt(6)) {
            case 0 -> CAP;
            case 1 -> CAP + 1 + hostile.upTo(4096);
            case 2 -> hostile.upTo(800);
            default -> hostile.upTo(20_000);
        };
        byte[] body = switch (random.nextInt(3)) {
            case 0 -> hostile.bytes(size);
            case 1 -> pad(hostile.text(size), size);
            default -> pad(hostile.json(1 + hostile.upTo(3000)).getBytes(StandardCharsets.UTF_8), size);
        };
        String tool = hostile.chance(80) ? "t" : enc(hostile.pick(TOOLS) + hostile.selector());
        send(post("/v1/tool-outputs?tool=" + tool, hostile.contentType(), body), body.length > CAP, "upload");
    }

    private void toolCalls() throws InterruptedException {
        String format = hostile.pick(List.of("", "", "", "?format=openai", "?format=anthropic", "?format=openai-responses", "?format=nonsense"));
        String body = switch (random.nextInt(6)) {
            case 0 -> hostile.json(1 + hostile.upTo(2000));
            case 1 -> "{\"calls\":" + hostile.json(1 + hostile.upTo(100)) + "}";
            case 2 -> "{\"calls\":[" + call(0) + "]," + "\"x\":" + hostile.jsonString() + "}";
            case 3 -> providerShaped();
            default -> {
                StringBuilder calls = new StringBuilder("{\"calls\":[");
                int n = 1 + hostile.upTo(hostile.chance(5) ? 60 : 4);
                for (int i = 0; i < n; i++) {
                    calls.append(i == 0 ? "" : ",").append(call(i));
                }
                yield calls.append("]}").toString();
            }
        };
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        if (hostile.chance(5)) {
            bytes = pad(bytes, hostile.chance(50) ? CAP : CAP + 1);
        }
        send(post("/v1/tool-calls" + format, hostile.chance(90) ? "application/json" : hostile.contentType(), bytes), bytes.length > CAP, "calls");
    }

    private String call(int i) {
        String tool = hostile.pick(TOOLS);
        String arguments = switch (random.nextInt(7)) {
            case 0 -> "{\"text\":" + hostile.jsonString() + ",\"times\":" + hostile.pick(List.of("1", "3", "-1", "0", "1e400", "99999999999999999999", "\"2\"")) + "}";
            case 1 -> "{\"blob_id\":\"" + hostile.id().replace("\"", "") + "\",\"selector\":" + quote(hostile.selector()) + "}";
            case 2 -> "{\"text\":{\"$blob\":\"" + hostile.id().replace("\"", "") + "\"}}";
            case 3 -> hostile.json(1 + hostile.upTo(600));
            case 4 -> "{\"message\":" + hostile.jsonString() + "}";
            case 5 -> "null";
            default -> "{}";
        };
        return "{\"id\":\"c" + i + "\",\"name\":" + quote(tool) + ",\"arguments\":" + arguments + "}";
    }

    private String providerShaped() {
        String tool = quote(hostile.pick(TOOLS));
        String args = hostile.chance(50) ? "\"{\\\"text\\\":\\\"hi\\\"}\"" : hostile.jsonString();
        return hostile.pick(List.of(
                "{\"choices\":[{\"message\":{\"tool_calls\":[{\"id\":\"a\",\"type\":\"function\",\"function\":{\"name\":" + tool + ",\"arguments\":" + args + "}}]}}]}",
                "{\"content\":[{\"type\":\"tool_use\",\"id\":\"a\",\"name\":" + tool + ",\"input\":" + hostile.json(3) + "}]}",
                "{\"output\":[{\"type\":\"function_call\",\"call_id\":\"a\",\"name\":" + tool + ",\"arguments\":" + args + "}]}",
                "{\"choices\":" + hostile.json(2) + "}"));
    }

    private void mcp() throws InterruptedException {
        String id = hostile.pick(List.of("1", "\"a\"", "null", "1e999", "{}", "99999999999999999999999"));
        String uri = quote("toolspill://blobs/" + hostile.id() + hostile.pick(List.of("", "?selector=" + enc(hostile.selector()))));
        String params = switch (random.nextInt(7)) {
            case 0 -> "{\"name\":\"inspect\",\"arguments\":{\"blob_id\":" + quote(hostile.id()) + ",\"selector\":" + quote(hostile.selector()) + "}}";
            case 1 -> "{\"name\":" + quote(hostile.pick(TOOLS)) + ",\"arguments\":" + hostile.json(2 + hostile.upTo(50)) + "}";
            case 2 -> "{\"uri\":" + uri + "}";
            case 3 -> hostile.json(1 + hostile.upTo(300));
            case 4 -> "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"fuzz\",\"version\":\"1\"}}";
            default -> "{}";
        };
        String method = hostile.pick(List.of("tools/call", "tools/call", "resources/read", "tools/list", "resources/list",
                "resources/templates/list", "initialize", "ping", "no/such", "", "notifications/initialized"));
        String body = hostile.chance(8) ? hostile.json(1 + hostile.upTo(1000))
                : "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":" + quote(method) + ",\"params\":" + params + "}";
        HttpRequest.Builder request = post("/mcp", hostile.chance(90) ? "application/json" : hostile.contentType(), body.getBytes(StandardCharsets.UTF_8));
        request.header("Accept", hostile.pick(List.of("application/json, text/event-stream", "application/json", "text/event-stream", "*/*")));
        if (hostile.chance(30)) {
            request.header("Mcp-Session-Id", hostile.id());
        }
        send(request, false, "mcp");
    }

    final TreeMap<String, Long> millis = new TreeMap<>();

    private void send(HttpRequest.Builder builder, boolean mayBeCut, String kind) throws InterruptedException {
        long start = System.nanoTime();
        try {
            exchange(builder, mayBeCut, kind);
        } finally {
            millis.merge(kind, (System.nanoTime() - start) / 1_000_000, Long::sum);
        }
    }

    private String sent;

    private void exchange(HttpRequest.Builder builder, boolean mayBeCut, String kind) throws InterruptedException {
        if (key != null) {
            builder.setHeader("Authorization", "Bearer " + key);
        }
        HttpRequest request = builder.timeout(Duration.ofSeconds(15)).build();
        HttpResponse<byte[]> response;
        try {
            response = sendOrRetry(request);
        } catch (IOException e) {
            if (!mayBeCut) {
                findings.add(kind + " " + request.method() + " " + request.uri() + " -> no answer: " + e + " sent " + clip(sent));
            }
            statuses.merge(kind + " cut", 1, Integer::sum);
            return;
        }
        int status = response.statusCode();
        statuses.merge(kind + " " + status, 1, Integer::sum);
        String text = new String(response.body(), StandardCharsets.ISO_8859_1) + "\n" + response.headers().map();
        if (status >= 500) {
            findings.add(kind + " " + request.method() + " " + request.uri() + " -> " + status + ": " + clip(text) + " sent " + clip(sent));
        }
        for (String leak : LEAKS) {
            int at = text.indexOf(leak);
            if (at >= 0) {
                findings.add(kind + " " + request.method() + " " + request.uri() + " -> " + status + " names '" + leak + "': …"
                        + text.substring(Math.max(0, at - 300), Math.min(text.length(), at + 200)) + "… sent " + clip(sent));
            }
        }
        if (HOST_PORT.matcher(text).find()) {
            java.util.regex.Matcher where = HOST_PORT.matcher(text); where.find();
            findings.add(kind + " " + request.method() + " " + request.uri() + " -> " + status + " names a host:port (" + text.substring(Math.max(0, where.start() - 300), Math.min(text.length(), where.end() + 40)) + "): " + clip(text));
        }
        if (kind.equals("upload") || kind.equals("seed")) {
            Matcher id = ID.matcher(new String(response.body(), StandardCharsets.UTF_8));
            if (id.find() && ids.size() < 200) {
                ids.add(id.group(1));
            }
        }
    }

    /**
     * A connection the server closed after its last answer (as it does after refusing a body it will not read) may
     * still sit in the client's pool: one retry on a new connection, as any HTTP client does for that case.
     */
    private HttpResponse<byte[]> sendOrRetry(HttpRequest request) throws IOException, InterruptedException {
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            if (!String.valueOf(e.getMessage()).contains("received no bytes")) {
                throw e;
            }
            statuses.merge("stale connection retried", 1, Integer::sum);
            return client.send(request, HttpResponse.BodyHandlers.ofByteArray());
        }
    }

    private HttpRequest.Builder get(String path) {
        return HttpRequest.newBuilder(uri(path)).GET();
    }

    private HttpRequest.Builder post(String path, String type, byte[] body) {
        sent = new String(body, StandardCharsets.ISO_8859_1);
        return HttpRequest.newBuilder(uri(path)).header("Content-Type", type).POST(BodyPublishers.ofByteArray(body));
    }

    private URI uri(String path) {
        try {
            return URI.create(base + path);
        } catch (IllegalArgumentException e) {
            return URI.create(base + "/v1/blobs/" + enc(path)); // what java.net.URI refuses, sent encoded
        }
    }

    private static byte[] pad(byte[] bytes, int size) {
        if (bytes.length >= size) {
            return java.util.Arrays.copyOf(bytes, size);
        }
        byte[] padded = java.util.Arrays.copyOf(bytes, size);
        java.util.Arrays.fill(padded, bytes.length, size, (byte) ' ');
        return padded;
    }

    static String enc(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    static String quote(String text) {
        StringBuilder json = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                json.append('\\').append(c);
            } else if (c < 0x20) {
                json.append(String.format("\\u%04x", (int) c));
            } else {
                json.append(c);
            }
        }
        return json.append('"').toString();
    }

    private static String clip(String text) {
        return text == null ? "" : text.length() > 400 ? text.substring(0, 400) + "…" : text;
    }
}
