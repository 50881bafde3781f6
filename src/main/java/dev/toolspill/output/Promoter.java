package dev.toolspill.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.scan.Json;
import dev.toolspill.text.Utf8;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Optional;

/**
 * Decides what a raw output is: small enough to stay inline, or content to store, Structured when
 * the whole string is one JSON array or object, else Text.
 */
@ApplicationScoped
public class Promoter {

    private final int inlineMaxBytes;
    private final ObjectReader reader;

    @Inject
    public Promoter(ToolspillConfig config, ObjectMapper mapper) {
        this(config.output().inlineMaxBytes(), mapper);
    }

    public Promoter(int inlineMaxBytes, ObjectMapper mapper) {
        this.inlineMaxBytes = inlineMaxBytes;
        this.reader = new ObjectMapper(Json.FACTORY.copy()).reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    public boolean fitsInline(String raw) {
        return raw.length() <= inlineMaxBytes / 3 || Utf8.length(raw) <= inlineMaxBytes;
    }

    /** The stored form of a raw output: Structured for a JSON array or object, else Text. */
    public Content contentOf(String raw) {
        return parseStructured(raw).<Content>map(json -> new Content.Structured(json, raw))
                .orElseGet(() -> new Content.Text(raw));
    }

    private Optional<JsonNode> parseStructured(String raw) {
        int first = firstNonBlank(raw);
        if (first < 0 || (raw.charAt(first) != '[' && raw.charAt(first) != '{')) {
            return Optional.empty();
        }
        try {
            return Optional.of(reader.readTree(raw));
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }

    private static int firstNonBlank(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (!Character.isWhitespace(s.charAt(i))) {
                return i;
            }
        }
        return -1;
    }
}
