package dev.toolspill.tool.mcp;

import io.modelcontextprotocol.client.transport.McpHttpClientTransportAuthorizationException;
import io.modelcontextprotocol.spec.McpTransportException;

import java.net.ConnectException;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What went wrong with an upstream exchange, in the model's words: the HTTP status an upstream answered and what it
 * means, or what happened to the connection. Never a Java class name, never the server's address (that is logged).
 */
final class McpFailures {

    /** How the SDK's transport words an answer that is not 2xx: "Received unexpected status code: 413, …". */
    private static final Pattern STATUS = Pattern.compile("(?i)status code:?\\s*(\\d{3})");

    /** How it words an answer of a content type it cannot read: "Unknown media type returned: text/html; charset=utf-8". */
    private static final Pattern MEDIA_TYPE = Pattern.compile("[\\w.+-]+/[\\w.+-]+");

    /** What {@link #connection} says of a connection the server closed before its whole answer. */
    static final String CLOSED = "the connection was closed before a whole answer";

    private McpFailures() {
    }

    /** The HTTP status the upstream answered instead of an MCP message, if that is what failed. */
    static OptionalInt httpStatus(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof McpHttpClientTransportAuthorizationException denied && denied.getResponseInfo() != null) {
                return OptionalInt.of(denied.getResponseInfo().statusCode());
            }
            if (cause instanceof McpTransportException && cause.getMessage() != null) {
                Matcher status = STATUS.matcher(cause.getMessage());
                if (status.find()) {
                    return OptionalInt.of(Integer.parseInt(status.group(1)));
                }
            }
        }
        return OptionalInt.empty();
    }

    /**
     * The content type of a 2xx answer that was neither JSON nor an event stream (an HTML page from a proxy or a login
     * wall, plain text), as the SDK's transport words it: "Unknown media type text/html returned for POST …".
     */
    static Optional<String> mediaType(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof McpTransportException && String.valueOf(cause.getMessage()).startsWith("Unknown media type")) {
                Matcher type = MEDIA_TYPE.matcher(cause.getMessage());
                return Optional.of(type.find() ? McpResults.clip(type.group()) : "none");
            }
        }
        return Optional.empty();
    }

    /**
     * Why a server's tools are not offered, for its operator's log: what it answered if it was reached (a status, a
     * content type that is not MCP), with the setting that usually fixes it; otherwise what happened to the connection.
     */
    static String forOperator(String server, Throwable failure) {
        OptionalInt status = httpStatus(failure);
        if (status.isPresent()) {
            int code = status.getAsInt();
            String fix = switch (code) {
                case 401, 403 -> "its credentials are refused: check toolspill.tools.mcp.\"" + server + "\".headers";
                case 404 -> "no MCP endpoint at this URL: check toolspill.tools.mcp.\"" + server + "\".url (the path, often /mcp)";
                case 301, 302, 303, 307, 308 -> "it redirects (to a login page or another path?): set the final URL in toolspill.tools.mcp.\""
                        + server + "\".url";
                default -> code >= 500 ? "it failed" : "it refused the request";
            };
            return "answered HTTP " + code + " instead of MCP (" + fix + ")";
        }
        Optional<String> type = mediaType(failure);
        if (type.isPresent()) {
            return "answered with content of type " + type.get() + ", not MCP (a proxy or a login page in the way, or not an MCP"
                    + " Streamable HTTP endpoint)";
        }
        return "cannot be reached (" + connection(failure) + ")";
    }

    /** What an HTTP status from server {@code server} means for the call, and what the model can do about it. */
    static String answered(String server, int status) {
        String its = "its MCP server " + server;
        return switch (status) {
            case 413 -> its + " refused the call as too large (HTTP 413); send smaller arguments";
            case 401, 403 -> its + " refused Toolspill's credentials (HTTP " + status + "); its operator must fix toolspill.tools.mcp.\""
                    + server + "\".headers, so use another tool";
            case 429 -> its + " is rate limiting (HTTP 429); retry later";
            case 408 -> its + " gave up waiting for the call (HTTP 408); retry";
            case 404 -> its + " has no MCP endpoint at its configured address, or ended the session (HTTP 404); try again later or use"
                    + " another tool";
            default -> status >= 500 ? its + " failed (HTTP " + status + "); try again later or use another tool"
                    : status >= 400 ? its + " refused the call (HTTP " + status + "); check the arguments against the tool's schema"
                    : its + " answered HTTP " + status + " instead of an MCP message; try again later or use another tool";
        };
    }

    /** What happened to a connection that failed, in plain words: the model reads this, the log has the details. */
    static String connection(Throwable failure) {
        String message = null;
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof ConnectException) {
                return "connection refused";
            }
            if (cause instanceof UnknownHostException) {
                return "its host name could not be resolved";
            }
            if (cause instanceof HttpTimeoutException || cause instanceof TimeoutException) {
                return "timed out";
            }
            if (cause instanceof ClosedChannelException || String.valueOf(cause.getMessage()).contains("closed")
                    || String.valueOf(cause.getMessage()).startsWith("EOF reached")) {
                return CLOSED;
            }
            if (cause.getMessage() != null && !cause.getMessage().isBlank()) {
                message = cause.getMessage();
            }
        }
        return message == null ? "the connection failed" : withoutTypeNames(message.lines().findFirst().orElse(""));
    }

    /** A message with any Java type names taken out (a library's words sometimes carry one). */
    static String withoutTypeNames(String message) {
        String plain = message.replaceAll("`?\\b[a-z][a-z0-9_]*(\\.[a-z0-9_]+)+\\.[A-Z][A-Za-z0-9_$]*`?", "a value")
                .replaceAll("\\b[A-Z][A-Za-z0-9]*(Exception|Error)\\b:?\\s*", "").strip();
        return McpResults.clip(plain.isEmpty() ? "the connection failed" : plain);
    }

    /** What went wrong at the bottom, in the words of whoever said it (the SDK's wrappers say little), no class names. */
    static String said(Throwable failure) {
        Throwable said = failure;
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof ConnectException) {
                return "connection refused";
            }
            if (cause.getMessage() != null) {
                said = cause;
            }
        }
        return said.getMessage() == null ? said.getClass().getSimpleName() : said.getMessage();
    }

    /** Whether the answer was not JSON at all (rather than JSON of another shape). */
    static boolean notJson(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof com.fasterxml.jackson.core.JsonParseException) {
                return true;
            }
        }
        return false;
    }
}
