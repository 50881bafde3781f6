package dev.toolspill.mcp;

import dev.toolspill.blob.BlobId;
import dev.toolspill.inspect.selector.Selector;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A blob as an MCP resource: {@code toolspill://blobs/<id>} for the blob from its start, or one of the selections
 * {@code /lines/A-B} (text, 1-based, inclusive), {@code /slice/A..B} (JSON array, 0-based, end exclusive) and
 * {@code /key/NAME} (JSON object; NAME percent-encoded) after it. {@code selector} is null for the whole blob.
 */
record BlobUri(BlobId id, Selector selector) {

    static final String PREFIX = "toolspill://blobs/";
    static final String WHOLE = PREFIX + "{id}";
    static final String LINES = PREFIX + "{id}/lines/{from}-{to}";
    static final String SLICE = PREFIX + "{id}/slice/{from}..{to}";
    static final String KEY = PREFIX + "{id}/key/{name}";

    private static final Pattern FORM = Pattern.compile(Pattern.quote(PREFIX) + "([^/]*)(?:/(lines|slice|key)/(.*))?");
    private static final String USAGE = "read " + PREFIX + "<id> for the blob, or add /lines/A-B, /slice/A..B or /key/NAME "
            + "for a part, e.g. " + PREFIX + "<id>/lines/1-50";

    static String of(BlobId id) {
        return PREFIX + id;
    }

    /**
     * Parses a URI the templates matched; anything else (a bad id, range or key) is an {@link IllegalArgumentException}
     * that says what would work. Ranges are parsed here, not by the template matcher, which cannot tell {@code 1..20} apart.
     */
    static BlobUri parse(String uri) {
        Matcher form = FORM.matcher(uri);
        if (!form.matches()) {
            throw new IllegalArgumentException("'" + uri + "' is not a blob URI: " + USAGE);
        }
        BlobId id = BlobId.parse(decode(form.group(1)));
        if (form.group(2) == null) {
            return new BlobUri(id, null);
        }
        String part = form.group(3);
        return new BlobUri(id, switch (form.group(2)) {
            case "lines" -> Selector.parse("lines:" + part);
            case "slice" -> Selector.parse("slice:" + part);
            default -> new Selector.Key(decode(part)); // any key, as it is: no quoting rules in a URI
        });
    }

    private static String decode(String text) {
        try {
            return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + text + "' is not percent-encoded correctly: " + USAGE);
        }
    }
}
