package dev.toolspill.api;

import dev.toolspill.http.ApiPaths;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * Other spellings of an endpoint's path that a server may resolve to the same handler: dot segments (plain and
 * percent-encoded), empty segments, matrix parameters, a trailing slash, encoded slashes and encoded letters. Shared
 * by the spelling tests and the fuzzer.
 */
public final class PathSpellings {

    public static final String BLOB_ID = "0190a5b0-0000-7000-8000-000000000000";

    /** Every endpoint, as method and canonical path. */
    public static final List<String[]> ENDPOINTS = List.of(
            new String[] {"POST", ApiPaths.TOOL_OUTPUTS},
            new String[] {"POST", ApiPaths.TOOL_CALLS},
            new String[] {"POST", ApiPaths.MCP},
            new String[] {"GET", ApiPaths.TOOLS},
            new String[] {"POST", ApiPaths.NOOP},
            new String[] {"GET", ApiPaths.BLOB.replace("{id}", BLOB_ID)},
            new String[] {"DELETE", ApiPaths.BLOB.replace("{id}", BLOB_ID)},
            new String[] {"GET", ApiPaths.BLOB.replace("{id}", BLOB_ID) + ApiPaths.INSPECT},
            new String[] {"POST", ApiPaths.BLOB_VERIFY.replace("{id}", BLOB_ID)});

    private PathSpellings() {
    }

    /** Spellings of {@code canonical} other than itself. */
    public static List<String> of(String canonical) {
        String[] segments = canonical.substring(1).split("/");
        String last = segments[segments.length - 1];
        String head = canonical.substring(0, canonical.length() - last.length());
        LinkedHashSet<String> spellings = new LinkedHashSet<>(List.of(
                canonical + "/",
                canonical + "//",
                canonical + ";x=1",
                canonical + ";",
                canonical + "/.",
                canonical + "/./",
                canonical + "%2f",
                canonical + "%3bx=1",
                "/" + canonical,
                head + "/" + last,
                head + "./" + last,
                head + "%2e/" + last,
                head + "%2E/" + last,
                head + "x/../" + last,
                head + "x/%2e%2e/" + last,
                head + "x/.%2e/" + last,
                head + "x/%2E./" + last,
                head + "x%2f..%2f" + last,
                "/x/.." + canonical,
                "/q/.." + canonical,
                "/q/health/../.." + canonical,
                ApiPaths.TOOL_OUTPUTS + "/../.." + canonical,
                ApiPaths.TOOL_OUTPUTS + "/../" + canonical.substring(canonical.startsWith("/v1/") ? 4 : 1),
                head + last.replaceFirst(".", "%" + Integer.toHexString(last.charAt(0))),
                head + last.replace("-", "%2D"),
                "/%76" + canonical.substring(2),
                canonical.replaceFirst("/", "/;a=b/"),
                head.substring(0, head.length() - 1) + ";v=1/" + last,
                canonical.replace("/", "\\"),
                head + last + "%00"));
        spellings.remove(canonical);
        return new ArrayList<>(spellings);
    }
}
