package dev.toolspill.output;

import com.fasterxml.jackson.databind.JsonNode;

/** What a stored output holds. {@link #text()} is always the exact text that is stored. */
public sealed interface Content {

    String text();

    record Text(String text) implements Content {
    }

    /**
     * A JSON array or object. Keeps the text it was parsed from, so the blob holds the
     * original bytes; built from a node alone, the text is its compact form.
     */
    record Structured(JsonNode json, String text) implements Content {
        public Structured {
            if (!json.isArray() && !json.isObject()) {
                throw new IllegalArgumentException("structured content must be a JSON array or object, got " + json.getNodeType());
            }
        }

        public Structured(JsonNode json) {
            this(json, json.toString());
        }
    }
}
