package dev.toolspill.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;

import java.util.Map;

/** Between the JSON of the MCP server (Vert.x) and the JSON of the pipeline (Jackson). */
final class VertxJson {

    private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() {
    };

    private VertxJson() {
    }

    static JsonObject toVertx(ObjectMapper mapper, JsonNode node) {
        return new JsonObject(mapper.convertValue(node, OBJECT));
    }

    /** A value of an MCP message (object, array, string, …) as Jackson reads it; null stays null. */
    static JsonNode toJackson(ObjectMapper mapper, Object value) {
        if (value == null) {
            return null;
        }
        try {
            return mapper.readTree(Json.encode(value));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a decoded MCP message did not encode back to JSON", e);
        }
    }
}
