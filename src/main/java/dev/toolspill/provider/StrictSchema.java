package dev.toolspill.provider;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;

/**
 * Whether OpenAI's strict mode takes a tool's JSON Schema as it is: the root is an object; every object schema has
 * {@code additionalProperties: false} and lists all its properties in {@code required}; only keywords that strict
 * mode supports are used, nested at most {@value #MAX_DEPTH} levels. A schema that does not pass is offered with
 * {@code strict: false} rather than rewritten, so the model sees exactly the schema the tool validates against.
 */
final class StrictSchema {

    static final int MAX_DEPTH = 10;

    private static final Set<String> KEYWORDS = Set.of("type", "properties", "required", "additionalProperties", "items",
            "anyOf", "enum", "const", "description", "title", "$ref", "$defs", "definitions", "$schema", "$id",
            "pattern", "format", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
            "minItems", "maxItems");

    private StrictSchema() {
    }

    static boolean allows(JsonNode schema) {
        return schema != null && "object".equals(schema.path("type").textValue()) && fits(schema, 0);
    }

    private static boolean fits(JsonNode schema, int depth) {
        if (!schema.isObject() || depth > MAX_DEPTH) {
            return false;
        }
        for (Iterator<String> names = schema.fieldNames(); names.hasNext(); ) {
            if (!KEYWORDS.contains(names.next())) {
                return false;
            }
        }
        if (describesObjects(schema) && !closedAndAllRequired(schema, depth)) {
            return false;
        }
        return (!schema.has("items") || fits(schema.get("items"), depth + 1))
                && allFit(schema.get("anyOf"), depth + 1)
                && allFit(schema.get("$defs"), depth + 1)
                && allFit(schema.get("definitions"), depth + 1);
    }

    private static boolean describesObjects(JsonNode schema) {
        JsonNode type = schema.path("type");
        boolean object = "object".equals(type.textValue());
        if (type.isArray()) {
            for (JsonNode each : type) {
                object |= "object".equals(each.textValue());
            }
        }
        return object || schema.has("properties");
    }

    private static boolean closedAndAllRequired(JsonNode schema, int depth) {
        JsonNode additional = schema.get("additionalProperties");
        if (additional == null || !additional.isBoolean() || additional.booleanValue()) {
            return false;
        }
        Set<String> required = new HashSet<>();
        schema.path("required").forEach(name -> required.add(name.asText()));
        JsonNode properties = schema.path("properties");
        if (!properties.isMissingNode() && !properties.isObject()) {
            return false;
        }
        for (Iterator<String> names = properties.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!required.contains(name) || !fits(properties.get(name), depth + 1)) {
                return false;
            }
        }
        return true;
    }

    /** Every schema of an array ({@code anyOf}) or of an object's values ({@code $defs}) fits; absent is fine. */
    private static boolean allFit(JsonNode schemas, int depth) {
        if (schemas == null) {
            return true;
        }
        if (!schemas.isArray() && !schemas.isObject()) {
            return false;
        }
        for (JsonNode each : schemas) {
            if (!fits(each, depth)) {
                return false;
            }
        }
        return true;
    }
}
