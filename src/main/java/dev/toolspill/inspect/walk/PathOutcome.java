package dev.toolspill.inspect.walk;

import com.fasterxml.jackson.core.JsonToken;
import dev.toolspill.blob.ByteRange;

import java.util.List;

/** What a {@link PathWalker} found: the value, a page of it, or how far the pointer went and what is there. */
public sealed interface PathOutcome {

    /** The value the pointer names, as stored. */
    record Found(ByteRange span) implements PathOutcome {
    }

    /**
     * A page of an array or object: {@code spans} of the leading elements (members) a limit can show and, when the
     * page has more, its last one; {@code selected} of them are in the page; the container had {@code count}
     * children when the page was read (all of them when the page reaches past its end).
     */
    record Paged(List<ByteRange> spans, long count, long selected, boolean object) implements PathOutcome {
    }

    /**
     * The pointer resolved {@code level} tokens and stops at what is there: {@code what} it is ({@code object},
     * {@code array} or a scalar type), its {@code count} of children and, for an object, its first keys.
     */
    record Missing(int level, String what, long count, List<String> keys) implements PathOutcome {
        static Missing of(PathFrame frame, int level) {
            return new Missing(level, frame.object ? "object" : "array", frame.children, frame.keys);
        }
    }

    static String scalar(JsonToken type) {
        return switch (type) {
            case VALUE_STRING -> "string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "number";
            case VALUE_TRUE, VALUE_FALSE -> "boolean";
            default -> "null";
        };
    }
}
