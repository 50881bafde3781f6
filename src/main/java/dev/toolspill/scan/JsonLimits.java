package dev.toolspill.scan;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a JSON scan holds at most, so that no document's shape costs memory or CPU out of proportion to its bytes:
 * one string value, one number, the nesting, and the top-level keys whose spans the read index keeps.
 */
public record JsonLimits(int maxStringBytes, int maxNumberDigits, int maxDepth, int maxIndexKeys) {

    public static final JsonLimits DEFAULT = new JsonLimits(16 << 20, 1000, 500, 25_000);

    public JsonLimits {
        if (maxStringBytes < 1 || maxNumberDigits < 1 || maxDepth < 1 || maxIndexKeys < 1) {
            throw new IllegalArgumentException("toolspill.scan.* limits must be >= 1");
        }
    }

    private static final Map<JsonLimits, JsonFactory> FACTORIES = new ConcurrentHashMap<>();

    /** A parser factory that enforces these limits (Jackson checks them as it reads, before building a token). */
    public JsonFactory factory() {
        return FACTORIES.computeIfAbsent(this, limits -> limits.newFactory());
    }

    /**
     * Field names are not interned: a scan or a key walk over an object of a million keys would otherwise grow a
     * symbol table per parser as large as the keys, and many at once run the heap out.
     */
    private JsonFactory newFactory() {
        return JsonFactory.builder()
                .disable(JsonFactory.Feature.CANONICALIZE_FIELD_NAMES)
                .disable(JsonFactory.Feature.INTERN_FIELD_NAMES)
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxStringLength(maxStringBytes)
                        .maxNumberLength(maxNumberDigits)
                        .maxNestingDepth(maxDepth)
                        .maxDocumentLength(-1)
                        .build())
                .build();
    }

    /** What went over a limit, in the service's own words and keys. */
    static String describe(StreamConstraintsException e) {
        String message = String.valueOf(e.getMessage());
        if (message.contains("String value length")) {
            return "a string value is longer than toolspill.scan.max-string-bytes";
        }
        if (message.contains("Number value length")) {
            return "a number is longer than toolspill.scan.max-number-digits";
        }
        if (message.contains("nesting depth")) {
            return "arrays and objects nest deeper than toolspill.scan.max-depth";
        }
        return "the document is over a scan limit (toolspill.scan.*)";
    }
}
