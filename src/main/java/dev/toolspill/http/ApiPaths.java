package dev.toolspill.http;

import java.util.Locale;
import java.util.Optional;

/**
 * Every path of the HTTP API in one place: the resources' {@code @Path}s and the edge policies ({@code api.EdgeRoutes})
 * read these constants, so a path is spelled once. {@link #refusal} is the rule that makes that enough: a request
 * path that is not in its one canonical spelling (dot segments, percent-encoded dots or slashes, {@code //},
 * matrix parameters, a trailing slash) is refused at the edge, before any policy, because the router and Quarkus
 * REST would otherwise match such a spelling to a handler while a policy comparing strings would not
 * (issue: a dot segment skipped the body cap, a matrix parameter the upload cap).
 */
public final class ApiPaths {

    /** The prefix of the versioned API, which needs a key when authentication is on. */
    public static final String V1 = "/v1/";
    public static final String TOOL_CALLS = V1 + "tool-calls";
    public static final String TOOL_OUTPUTS = V1 + "tool-outputs";
    public static final String TOOLS = V1 + "tools";
    public static final String BLOB = V1 + "blobs/{id}";
    public static final String BLOB_VERIFY = V1 + "blobs/{id}/verify";
    /** Under {@link #BLOB}. */
    public static final String INSPECT = "/inspect";
    public static final String NOOP = V1 + "noop";
    /** The default of {@code quarkus.mcp.server.http.root-path}. */
    public static final String MCP = "/mcp";
    /** Quarkus' own paths on the main port: health only (the rest is on the management interface). */
    public static final String QUARKUS = "/q/";
    /** The operator console: its pages, and under {@link #CONSOLE_API} the data they read. */
    public static final String CONSOLE = "/console";
    public static final String CONSOLE_API = CONSOLE + "/api";
    /** Under {@link #CONSOLE_API}: the caller, its calls, one call, and a page of a call's blob. */
    public static final String CONSOLE_ME = "/me";
    public static final String CONSOLE_CALLS = "/calls";
    public static final String CONSOLE_CALL = CONSOLE_CALLS + "/{id}";
    public static final String CONSOLE_INSPECT = "/blobs/{id}" + INSPECT;

    private ApiPaths() {
    }

    /**
     * Why {@code rawPath} (the request path as sent, without the query) is not canonical, or empty when it is. A
     * canonical path starts with {@code /}, has no empty, {@code .} or {@code ..} segment, no {@code ;}, no
     * backslash, no trailing slash (but under {@code /q/}, whose pages use one) and no percent-encoding of a
     * character that needs none or of {@code / ; \ .}: so it is the same string before and after Vert.x normalizes
     * it, and the same string the router, Quarkus REST and every policy see.
     */
    public static Optional<String> refusal(String rawPath) {
        if (rawPath == null || rawPath.isEmpty() || rawPath.charAt(0) != '/') {
            return Optional.of("a request path starts with /");
        }
        if (rawPath.indexOf(';') >= 0) {
            return Optional.of("matrix parameters (;) are not part of any path here");
        }
        if (rawPath.indexOf('\\') >= 0) {
            return Optional.of("a backslash is not part of any path here");
        }
        if (rawPath.contains("//")) {
            return Optional.of("an empty path segment (//) is not part of any path here");
        }
        if (rawPath.length() > 1 && rawPath.endsWith("/") && !rawPath.startsWith(QUARKUS)) {
            return Optional.of("no path here ends with /: drop the trailing slash");
        }
        for (int i = rawPath.indexOf('%'); i >= 0; i = rawPath.indexOf('%', i + 1)) {
            int value = i + 2 < rawPath.length() ? hex(rawPath.charAt(i + 1), rawPath.charAt(i + 2)) : -1;
            if (value < 0) {
                return Optional.of("bad percent-encoding in the path");
            }
            if (needsNoEncoding(value) || value == '/' || value == ';' || value == '\\' || value == 0) {
                return Optional.of("the path percent-encodes '" + (value == 0 ? "NUL" : String.valueOf((char) value))
                        + "' (" + rawPath.substring(i, i + 3).toUpperCase(Locale.ROOT) + "): send the path as written in the API");
            }
        }
        for (String segment : rawPath.split("/", -1)) {
            if (segment.equals(".") || segment.equals("..")) {
                return Optional.of("dot segments (. and ..) are not resolved here: send the path as written in the API");
            }
        }
        return Optional.empty();
    }

    /** RFC 3986 unreserved characters: an encoding of one of them is another spelling of the same path. */
    private static boolean needsNoEncoding(int c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~';
    }

    private static int hex(char high, char low) {
        int h = Character.digit(high, 16);
        int l = Character.digit(low, 16);
        return h < 0 || l < 0 ? -1 : h * 16 + l;
    }
}
