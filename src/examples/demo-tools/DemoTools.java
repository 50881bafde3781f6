// Demo tools for Toolspill: a small MCP server (Streamable HTTP, JSON answers, no sessions) with three tools whose
// outputs are large and structured, over data generated from fixed seeds (the same bytes on every run and JDK).
// Only a JDK 17 is needed: run it as a single source file, no build and no dependencies,
//
//     java src/examples/demo-tools/DemoTools.java [PORT]        (PORT defaults to 8090; 0 takes a free one)
//
// and give Toolspill the one setting it prints: -Dtoolspill.tools.mcp.demo.url=http://127.0.0.1:PORT/mcp
// Tools: search_logs (a day of logs of six services), search_issues (2,400 issues, JSON pages of up to 100),
// read_file (a small sample tree with a 1.4 MB CSV and a JSON array). GET /ready answers 200 once it serves.
// The file holds several top-level classes (one file is what single-file launch runs); each stays under 300 lines.

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;

public class DemoTools {

    public static void main(String[] args) throws IOException {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8090;
        HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        McpEndpoint mcp = new McpEndpoint(new DemoData());
        http.createContext("/mcp", mcp::exchange);
        http.createContext("/ready", exchange -> McpEndpoint.send(exchange, 200, "text/plain", "ready\n"));
        http.setExecutor(Executors.newFixedThreadPool(4));
        http.start();
        String url = "http://127.0.0.1:" + http.getAddress().getPort() + "/mcp";
        System.out.println("demo tools (search_logs, search_issues, read_file) at " + url);
        System.out.println("start Toolspill with: -Dtoolspill.tools.mcp.demo.url=" + url);
    }
}

/** The MCP side: initialize, ping, tools/list and tools/call over POST; notifications are accepted with 202. */
final class McpEndpoint {

    private final DemoData data;

    McpEndpoint(DemoData data) {
        this.data = data;
    }

    void exchange(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!"POST".equals(exchange.getRequestMethod())) { // no server-to-client stream: the client falls back to POSTs
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            Object parsed;
            try {
                parsed = Json.parse(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                send(exchange, 400, "application/json", Json.write(error(null, -32700, "not JSON: " + e.getMessage())));
                return;
            }
            if (!(parsed instanceof Map<?, ?> request) || !request.containsKey("id")) {
                exchange.sendResponseHeaders(202, -1); // a notification (or a response): nothing to answer
                return;
            }
            send(exchange, 200, "application/json", Json.write(answer(request)));
        }
    }

    private Map<String, Object> answer(Map<?, ?> request) {
        Object id = request.get("id");
        Map<?, ?> params = request.get("params") instanceof Map<?, ?> p ? p : Map.of();
        String method = String.valueOf(request.get("method"));
        switch (method) {
            case "initialize":
                Object version = params.get("protocolVersion");
                return result(id, Map.of("protocolVersion", version == null ? "2025-06-18" : version,
                        "capabilities", Map.of("tools", Map.of()),
                        "serverInfo", Map.of("name", "toolspill-demo-tools", "version", "1")));
            case "ping":
                return result(id, Map.of());
            case "tools/list":
                return result(id, Map.of("tools", DemoData.TOOLS));
            case "tools/call":
                Map<?, ?> arguments = params.get("arguments") instanceof Map<?, ?> a ? a : Map.of();
                try {
                    return result(id, data.call(String.valueOf(params.get("name")), arguments));
                } catch (IllegalArgumentException e) {
                    return result(id, Map.of("isError", true, "content", List.of(text(e.getMessage()))));
                }
            default:
                return error(id, -32601, "method not found: " + method);
        }
    }

    static Map<String, Object> text(String text) {
        return Map.of("type", "text", "text", text);
    }

    private static Map<String, Object> result(Object id, Object result) {
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("jsonrpc", "2.0");
        message.put("id", id);
        message.put("result", result);
        return message;
    }

    private static Map<String, Object> error(Object id, int code, String text) {
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("jsonrpc", "2.0");
        message.put("id", id);
        message.put("error", Map.of("code", code, "message", text));
        return message;
    }

    static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type + "; charset=utf-8");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }
}

/** Just enough JSON: parses to Map, List, String, Long/Double, Boolean and null; writes the same back. */
final class Json {

    private final String text;
    private int at;

    private Json(String text) {
        this.text = text;
    }

    static Object parse(String text) {
        Json json = new Json(text);
        Object value = json.value();
        json.space();
        if (json.at != text.length()) {
            throw new IllegalArgumentException("unexpected text at offset " + json.at);
        }
        return value;
    }

    private Object value() {
        space();
        if (at >= text.length()) {
            throw new IllegalArgumentException("unexpected end");
        }
        char c = text.charAt(at);
        if (c == '{') {
            Map<String, Object> map = new LinkedHashMap<>();
            at++;
            space();
            if (peek('}')) {
                return map;
            }
            do {
                space();
                String key = string();
                space();
                expect(':');
                map.put(key, value());
                space();
            } while (peek(','));
            expect('}');
            return map;
        }
        if (c == '[') {
            List<Object> list = new ArrayList<>();
            at++;
            space();
            if (peek(']')) {
                return list;
            }
            do {
                list.add(value());
                space();
            } while (peek(','));
            expect(']');
            return list;
        }
        if (c == '"') {
            return string();
        }
        for (String word : new String[] {"true", "false", "null"}) {
            if (text.startsWith(word, at)) {
                at += word.length();
                return word.equals("null") ? null : Boolean.valueOf(word);
            }
        }
        int start = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
            at++;
        }
        String number = text.substring(start, at);
        try {
            return number.matches("-?\\d{1,18}") ? (Object) Long.valueOf(number) : (Object) Double.valueOf(number);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("unexpected character at offset " + start);
        }
    }

    private String string() {
        expect('"');
        StringBuilder out = new StringBuilder();
        while (at < text.length()) {
            char c = text.charAt(at++);
            if (c == '"') {
                return out.toString();
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char e = text.charAt(at++);
            switch (e) {
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r' -> out.append('\r');
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'u' -> {
                    out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    at += 4;
                }
                default -> out.append(e);
            }
        }
        throw new IllegalArgumentException("unterminated string");
    }

    private void space() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    private boolean peek(char c) {
        if (at < text.length() && text.charAt(at) == c) {
            at++;
            return true;
        }
        return false;
    }

    private void expect(char c) {
        if (!peek(c)) {
            throw new IllegalArgumentException("expected '" + c + "' at offset " + at);
        }
    }

    static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    private static void write(Object value, StringBuilder out) {
        if (value == null || value instanceof Boolean || value instanceof Number) {
            out.append(value);
        } else if (value instanceof Map<?, ?> map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                out.append(first ? "" : ",");
                first = false;
                write(String.valueOf(entry.getKey()), out);
                out.append(':');
                write(entry.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof List<?> list) {
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                out.append(i == 0 ? "" : ",");
                write(list.get(i), out);
            }
            out.append(']');
        } else {
            out.append('"');
            for (char c : value.toString().toCharArray()) {
                switch (c) {
                    case '"' -> out.append("\\\"");
                    case '\\' -> out.append("\\\\");
                    case '\n' -> out.append("\\n");
                    case '\r' -> out.append("\\r");
                    case '\t' -> out.append("\\t");
                    default -> out.append(c < 0x20 ? String.format("\\u%04x", (int) c) : String.valueOf(c));
                }
            }
            out.append('"');
        }
    }
}

/** The three tools, their data (generated once, from fixed seeds) and their answers as MCP tool results. */
final class DemoData {

    static final List<Map<String, Object>> TOOLS = List.of(
            tool("search_logs", "Searches one day (2026-11-28, UTC) of logs of the services gateway, auth, checkout, payments, "
                    + "inventory and search: every matching line, oldest first, as 'TIME LEVEL SERVICE req=ID message'.",
                    DemoData.obj("service", prop("string", "only this service"), "level", prop("string", "only this level: DEBUG, INFO, WARN or ERROR"),
                            "contains", prop("string", "only lines containing this text (any case)"),
                            "limit", prop("integer", "most lines returned, 1-" + Logs.MAX_LIMIT + " (default " + Logs.DEFAULT_LIMIT + ")"))),
            tool("search_issues", "Searches the 2,400 issues of the shop's tracker; answers one JSON page: "
                    + "{query, state, total, page, pages, per_page, items: [{number, title, state, labels, author, created, comments, body}]}.",
                    DemoData.obj("query", prop("string", "words that must all appear in the title or body (any case)"),
                            "state", prop("string", "open, closed or all (default all)"), "label", prop("string", "only issues with this label"),
                            "page", prop("integer", "page number, from 1"), "per_page", prop("integer", "issues per page, 1-100 (default 100)"))),
            tool("read_file", "Reads a file of the shop's sample repository; a directory (or '.') lists its files with their sizes.",
                    DemoData.obj("path", prop("string", "a path such as data/orders.csv"))));

    private final List<String> logs = Logs.generate();
    private final List<Map<String, Object>> issues = Issues.generate();
    private final Map<String, String> files = Files.generate();

    Map<String, Object> call(String name, Map<?, ?> arguments) {
        return switch (name) {
            case "search_logs" -> text(Logs.search(logs, arguments));
            case "search_issues" -> {
                Map<String, Object> page = Issues.search(issues, arguments);
                yield obj("content", List.of(McpEndpoint.text(Json.write(page))), "structuredContent", page);
            }
            case "read_file" -> text(Files.read(files, arguments));
            default -> throw new IllegalArgumentException("unknown tool " + name + "; tools: search_logs, search_issues, read_file");
        };
    }

    private static Map<String, Object> text(String text) {
        return obj("content", List.of(McpEndpoint.text(text)));
    }

    /** A map that keeps its keys in the order given, so every answer has the same bytes. */
    static Map<String, Object> obj(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    private static Map<String, Object> tool(String name, String description, Map<String, Object> properties) {
        return obj("name", name, "description", description,
                "inputSchema", obj("type", "object", "properties", properties, "additionalProperties", false));
    }

    private static Map<String, Object> prop(String type, String description) {
        return obj("type", type, "description", description);
    }

    static String string(Map<?, ?> arguments, String name) {
        Object value = arguments.get(name);
        if (value != null && !(value instanceof String)) {
            throw new IllegalArgumentException(name + " must be a string, not " + Json.write(value));
        }
        return (String) value;
    }

    static int integer(Map<?, ?> arguments, String name, int fallback, int min, int max) {
        Object value = arguments.get(name);
        if (value == null) {
            return fallback;
        }
        if (!(value instanceof Long number) || number < min || number > max) {
            throw new IllegalArgumentException(name + " must be an integer from " + min + " to " + max + ", not " + Json.write(value));
        }
        return number.intValue();
    }
}

/**
 * 120,000 log lines of 2026-11-28 (UTC), one every 720 ms or so, of six services. Between 14:02 and 14:09 the card
 * processor of payments times out: "charge failed for order ORD-…: card processor timeout after 30000 ms", found
 * nowhere else.
 */
final class Logs {

    static final int LINES = 120_000;
    static final int DEFAULT_LIMIT = 30_000;
    static final int MAX_LIMIT = 35_000;
    private static final String[] SERVICES = {"gateway", "auth", "checkout", "payments", "inventory", "search"};
    private static final long DAY = java.time.Instant.parse("2026-11-28T00:00:00Z").toEpochMilli();
    private static final long INCIDENT_FROM = java.time.Instant.parse("2026-11-28T14:02:00Z").toEpochMilli();
    private static final long INCIDENT_TO = java.time.Instant.parse("2026-11-28T14:09:00Z").toEpochMilli();

    private static final java.time.format.DateTimeFormatter TIME =
            java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(java.time.ZoneOffset.UTC);

    static List<String> generate() {
        java.util.Random random = new java.util.Random(20261128);
        List<String> lines = new ArrayList<>(LINES);
        for (int i = 0; i < LINES; i++) {
            long time = DAY + i * 720L + random.nextInt(700);
            String service = SERVICES[random.nextInt(SERVICES.length)];
            int roll = random.nextInt(1000);
            String level = roll < 4 ? "ERROR" : roll < 40 ? "WARN" : roll < 300 ? "DEBUG" : "INFO";
            String request = String.format("%08x", random.nextInt() & 0x7fffffff);
            int order = 100_000 + random.nextInt(900_000);
            int millis = 3 + random.nextInt(400);
            String message;
            if (service.equals("payments") && time >= INCIDENT_FROM && time < INCIDENT_TO && random.nextInt(3) == 0) {
                level = "ERROR";
                message = "charge failed for order ORD-" + order + ": card processor timeout after 30000 ms";
            } else {
                message = message(service, level, order, millis, random);
            }
            lines.add(TIME.format(java.time.Instant.ofEpochMilli(time)) + " " + String.format("%-5s", level) + " " + service + " req=" + request + " " + message);
        }
        return List.copyOf(lines);
    }

    private static String message(String service, String level, int order, int millis, java.util.Random random) {
        return switch (level) {
            case "ERROR" -> switch (service) {
                case "payments" -> "charge failed for order ORD-" + order + ": card declined (insufficient funds)";
                case "inventory" -> "stock reservation failed for order ORD-" + order + ": sku out of stock";
                default -> "upstream answered 503 after " + millis + " ms; giving up after 3 attempts";
            };
            case "WARN" -> "slow " + (random.nextBoolean() ? "database query" : "upstream call") + ": " + (millis * 10) + " ms";
            case "DEBUG" -> "cache " + (random.nextInt(4) == 0 ? "miss" : "hit") + " for key " + service + ":" + (order % 5000);
            default -> switch (service) {
                case "gateway" -> "GET /api/" + (random.nextBoolean() ? "products" : "cart") + " 200 in " + millis + " ms";
                case "auth" -> "token issued for user u-" + (order % 20_000) + " in " + millis + " ms";
                case "checkout" -> "order ORD-" + order + " placed with " + (1 + random.nextInt(6)) + " items in " + millis + " ms";
                case "payments" -> "charge ok for order ORD-" + order + " in " + millis + " ms";
                case "inventory" -> "reserved " + (1 + random.nextInt(6)) + " items for order ORD-" + order;
                default -> "query '" + Issues.WORDS[random.nextInt(Issues.WORDS.length)] + "' answered " + random.nextInt(500) + " hits in " + millis + " ms";
            };
        };
    }

    static String search(List<String> lines, Map<?, ?> arguments) {
        String service = DemoData.string(arguments, "service");
        String level = DemoData.string(arguments, "level");
        String contains = DemoData.string(arguments, "contains");
        int limit = DemoData.integer(arguments, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT);
        if (service != null && !List.of(SERVICES).contains(service)) {
            throw new IllegalArgumentException("no service " + service + "; services: " + String.join(", ", SERVICES));
        }
        if (level != null && !List.of("DEBUG", "INFO", "WARN", "ERROR").contains(level)) {
            throw new IllegalArgumentException("no level " + level + "; levels: DEBUG, INFO, WARN, ERROR");
        }
        String needle = contains == null ? null : contains.toLowerCase(java.util.Locale.ROOT);
        StringBuilder out = new StringBuilder();
        int matched = 0;
        for (String line : lines) {
            String[] parts = line.split(" +", 4);
            if ((service == null || parts[2].equals(service)) && (level == null || parts[1].equals(level))
                    && (needle == null || line.toLowerCase(java.util.Locale.ROOT).contains(needle))) {
                if (++matched <= limit) {
                    out.append(line).append('\n');
                }
            }
        }
        if (matched == 0) {
            return "no log line matches";
        }
        if (matched > limit) {
            out.append("[").append(limit).append(" of ").append(matched).append(" matching lines; narrow the search]\n");
        }
        return out.toString();
    }
}

/** 2,400 issues of the shop's tracker, searched by words, state and label, answered in JSON pages. */
final class Issues {

    static final String[] WORDS = {"coupon", "refund", "timeout", "checkout", "cart", "invoice", "search", "login", "stock", "shipping"};
    private static final String[] COMPONENTS = {"checkout", "payments", "inventory", "search", "auth", "gateway", "docs", "ci"};
    private static final String[] PROBLEMS = {
        "cart total is off by one cent after a coupon", "refund is issued twice when the page is reloaded",
        "card processor timeout is not retried", "search returns no hits for words with accents",
        "login loops back to the start page on Safari", "stock count goes negative under load",
        "invoice PDF is cut after the first page", "shipping estimate ignores public holidays",
        "flaky test in the checkout suite", "slow query when listing a customer's orders",
        "error page leaks a stack trace", "the README's setup steps miss a port"};
    private static final String[] LABELS = {"bug", "perf", "docs", "flaky-test", "security", "good-first-issue"};
    private static final String[] AUTHORS = {"amara", "bo", "chen", "dmitri", "eva", "farid", "grace", "hiro", "ines", "jonas"};

    static List<Map<String, Object>> generate() {
        java.util.Random random = new java.util.Random(2400);
        List<Map<String, Object>> issues = new ArrayList<>();
        java.time.LocalDate first = java.time.LocalDate.parse("2024-01-02");
        for (int number = 1; number <= 2400; number++) {
            String component = COMPONENTS[random.nextInt(COMPONENTS.length)];
            String problem = PROBLEMS[random.nextInt(PROBLEMS.length)];
            List<String> labels = new ArrayList<>();
            for (String label : LABELS) {
                if (random.nextInt(5) == 0) {
                    labels.add(label);
                }
            }
            String body = "Seen in " + component + " since release 3." + random.nextInt(40) + ". Steps: open the shop, add "
                    + (1 + random.nextInt(9)) + " items, use the word '" + WORDS[random.nextInt(WORDS.length)] + "'. Expected it to work; "
                    + "instead " + problem + ". Happens " + (1 + random.nextInt(99)) + "% of the time; logs attached in the thread.";
            issues.add(DemoData.obj("number", (long) number, "title", component + ": " + problem,
                    "state", random.nextInt(10) < 3 ? "open" : "closed", "labels", List.copyOf(labels),
                    "author", AUTHORS[random.nextInt(AUTHORS.length)], "created", first.plusDays(number / 4).toString(),
                    "comments", (long) random.nextInt(30), "body", body));
        }
        return List.copyOf(issues);
    }

    static Map<String, Object> search(List<Map<String, Object>> issues, Map<?, ?> arguments) {
        String query = DemoData.string(arguments, "query");
        String state = DemoData.string(arguments, "state");
        String label = DemoData.string(arguments, "label");
        int page = DemoData.integer(arguments, "page", 1, 1, 10_000);
        int perPage = DemoData.integer(arguments, "per_page", 100, 1, 100);
        if (state != null && !List.of("open", "closed", "all").contains(state)) {
            throw new IllegalArgumentException("state must be open, closed or all, not " + state);
        }
        List<String> words = query == null ? List.of() : List.of(query.toLowerCase(java.util.Locale.ROOT).split("\\s+"));
        List<Map<String, Object>> found = issues.stream()
                .filter(issue -> state == null || state.equals("all") || state.equals(issue.get("state")))
                .filter(issue -> label == null || ((List<?>) issue.get("labels")).contains(label))
                .filter(issue -> {
                    String text = (issue.get("title") + " " + issue.get("body")).toLowerCase(java.util.Locale.ROOT);
                    return words.stream().allMatch(text::contains);
                })
                .toList();
        int pages = Math.max(1, (found.size() + perPage - 1) / perPage);
        List<Map<String, Object>> items = found.subList(Math.min(found.size(), (page - 1) * perPage), Math.min(found.size(), page * perPage));
        return DemoData.obj("query", query == null ? "" : query, "state", state == null ? "all" : state, "total", (long) found.size(),
                "page", (long) page, "pages", (long) pages, "per_page", (long) perPage, "items", items);
    }
}

/** A small sample repository: a README, a config file, some code, a 25,000-row CSV and a JSON array of 3,000 SKUs. */
final class Files {

    static Map<String, String> generate() {
        Map<String, String> files = new java.util.TreeMap<>();
        files.put("README.md", "# Sample shop\n\nA web shop of six services (gateway, auth, checkout, payments, inventory, search).\n"
                + "Orders are in data/orders.csv, stock in data/inventory.json, settings in config/app.yaml.\n");
        files.put("config/app.yaml", "payments:\n  processor-timeout: 30s\n  retries: 0\ncheckout:\n  max-items: 50\n");
        files.put("src/checkout/Cart.java", "record Cart(java.util.List<Line> lines) {\n    record Line(String sku, int quantity, long cents) {}\n\n"
                + "    long total() {\n        return lines.stream().mapToLong(line -> line.quantity() * line.cents()).sum();\n    }\n}\n");
        java.util.Random random = new java.util.Random(25_000);
        StringBuilder orders = new StringBuilder("order_id,created,customer,items,total_cents,status\n");
        String[] statuses = {"paid", "paid", "paid", "shipped", "shipped", "refunded", "failed"};
        for (int i = 0; i < 25_000; i++) {
            orders.append("ORD-").append(100_000 + i).append(',').append(java.time.LocalDate.parse("2026-01-01").plusDays(i / 80))
                    .append(",c-").append(1 + random.nextInt(9000)).append(',').append(1 + random.nextInt(8)).append(',')
                    .append(199 + random.nextInt(50_000)).append(',').append(statuses[random.nextInt(statuses.length)]).append('\n');
        }
        files.put("data/orders.csv", orders.toString());
        List<Object> skus = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            skus.add(DemoData.obj("sku", String.format("SKU-%05d", i), "name", Issues.WORDS[random.nextInt(Issues.WORDS.length)] + " kit " + i,
                    "stock", (long) random.nextInt(500), "cents", (long) (99 + random.nextInt(20_000)), "warehouse", "wh-" + (1 + random.nextInt(4))));
        }
        files.put("data/inventory.json", Json.write(skus));
        return java.util.Collections.unmodifiableMap(files);
    }

    static String read(Map<String, String> files, Map<?, ?> arguments) {
        String path = DemoData.string(arguments, "path");
        if (path == null) {
            throw new IllegalArgumentException("path is required, e.g. data/orders.csv; '.' lists every file");
        }
        String clean = path.replaceAll("^(\\./|/)+", "").replaceAll("/+$", "");
        if (files.containsKey(clean)) {
            return files.get(clean);
        }
        String prefix = clean.isEmpty() || clean.equals(".") ? "" : clean + "/";
        StringBuilder listing = new StringBuilder();
        files.forEach((name, content) -> {
            if (name.startsWith(prefix)) {
                listing.append(String.format("%9d %s%n", content.getBytes(StandardCharsets.UTF_8).length, name));
            }
        });
        if (listing.length() == 0) {
            throw new IllegalArgumentException("no such file or directory: " + path + "; files: " + String.join(", ", files.keySet()));
        }
        return listing.toString();
    }
}
