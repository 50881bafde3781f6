package dev.toolspill.provider;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * Reads a call's arguments as a provider sends them: OpenAI's are a JSON string to parse, Anthropic's {@code input}
 * an object taken as it is. Whatever is not an object is left for the tool's schema check to explain.
 */
final class Arguments {

    /** The arguments, or why they could not be read (then {@code value} is null). */
    record Read(JsonNode value, String problem) {
    }

    private final ObjectReader reader;

    Arguments(ObjectMapper mapper) {
        this.reader = mapper.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    Read read(String tool, JsonNode given) {
        if (given == null || !given.isTextual()) {
            return new Read(given, null);
        }
        String text = given.textValue();
        if (text.isBlank()) {
            // some OpenAI-compatible servers send "" for a call without arguments
            return new Read(JsonNodeFactory.instance.objectNode(), null);
        }
        try {
            return new Read(reader.readTree(text), null);
        } catch (JsonProcessingException e) {
            return new Read(null, "the arguments of " + tool + " are not valid JSON (" + describe(e)
                    + "): call it again with its arguments as one JSON object");
        }
    }

    /** Jackson's message without the parser's source dump, and where it stopped. */
    static String describe(JsonProcessingException e) {
        String message = String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse("");
        int marker = message.indexOf(" (start marker at");
        if (marker > 0) {
            message = message.substring(0, marker);
        }
        JsonLocation at = e.getLocation();
        if (at == null || at.getColumnNr() < 1) {
            return message;
        }
        return message + (at.getLineNr() > 1 ? " at line " + at.getLineNr() + ", column " : " at column ") + at.getColumnNr();
    }
}
