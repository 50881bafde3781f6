package dev.toolspill.inspect;

import dev.toolspill.inspect.selector.Selector;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolspill.blob.BlobId;
import dev.toolspill.limit.Limited;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Follows the {@code next} selectors of a selection as a program would, without reading the text, and puts the
 * parts back together: byte selections by joining them, pages of elements or members unit by unit.
 */
final class NextParts {

    private static final JsonFactory JSON = new JsonFactory();

    private NextParts() {
    }

    record Part(String selector, Limited answer) {
        /** What the part shows of the selection: its text less the marker line a cut or a continuation ends with. */
        String content() {
            String text = answer.text();
            if (answer.truncated()) {
                return text.substring(0, text.lastIndexOf("\n[truncated: "));
            }
            return answer.next() != null ? text.substring(0, text.lastIndexOf("\n[")) : text;
        }
    }

    /** Every part from {@code selector} on, each within {@code limit}; a next part is never the part itself. */
    static List<Part> follow(Inspector inspector, BlobId id, String selector, int limit) {
        List<Part> parts = new ArrayList<>();
        String current = selector;
        while (current != null) {
            Limited answer = inspector.inspect(dev.toolspill.tenant.Caller.ANYONE, id, Selector.parse(current)).await().atMost(Duration.ofSeconds(60));
            assertTrue(answer.text().getBytes(StandardCharsets.UTF_8).length <= limit, current + " stays within the limit");
            parts.add(new Part(current, answer));
            assertNotEquals(current, answer.next(), "the next part of " + current + " is not itself");
            assertTrue(parts.size() < 50_000, "the parts of " + selector + " come to an end");
            current = answer.next();
        }
        return parts;
    }

    /** A selection of bytes (lines, bytes, one value), put back together. */
    static String joined(List<Part> parts) {
        StringBuilder all = new StringBuilder();
        parts.forEach(part -> all.append(part.content()));
        return all.toString();
    }

    /**
     * A page of elements (or members), put back together: whole ones from the pages, and one too long for the limit
     * from the start a page shows of it and the {@code bytes:} parts that follow.
     */
    static List<String> units(List<Part> parts) {
        List<String> units = new ArrayList<>();
        for (Part part : parts) {
            String content = part.content();
            if (part.selector().startsWith("bytes:")) {
                units.set(units.size() - 1, units.get(units.size() - 1) + content);
            } else if (part.answer().next() != null && part.answer().next().startsWith("bytes:")) {
                units.add(content);
            } else {
                units.addAll(split(content));
            }
        }
        return units;
    }

    /** The elements of a JSON array, or the members ({@code "key": value}) of an object, as written in {@code json}. */
    static List<String> split(String json) {
        List<String> units = new ArrayList<>();
        try (JsonParser parser = JSON.createParser(json)) {
            boolean object = parser.nextToken() == JsonToken.START_OBJECT;
            JsonToken token;
            while ((token = parser.nextToken()) != null && !token.isStructEnd()) {
                int start = (int) parser.currentTokenLocation().getCharOffset();
                if (object) {
                    parser.nextToken();
                }
                parser.skipChildren();
                parser.getText(); // finishes a string, so the location is past it
                units.add(json.substring(start, (int) parser.currentLocation().getCharOffset()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(json.length() > 300 ? json.substring(0, 300) : json, e);
        }
        return units;
    }
}
