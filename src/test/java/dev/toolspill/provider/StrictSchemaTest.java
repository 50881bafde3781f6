package dev.toolspill.provider;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** OpenAI's strict mode takes a schema only when every object is closed and lists all its properties as required. */
class StrictSchemaTest {

    static JsonNode schema(String json) throws Exception {
        return new ObjectMapper().readTree(json);
    }

    @Test
    void closedObjectsWithEveryPropertyRequiredPass() throws Exception {
        assertTrue(StrictSchema.allows(schema("""
                {"type":"object","properties":{
                   "location":{"type":"string","description":"City"},
                   "unit":{"type":["string","null"],"enum":["celsius","fahrenheit",null]},
                   "days":{"type":"array","minItems":1,"items":{"type":"object","properties":{"date":{"type":"string","format":"date"}},
                           "required":["date"],"additionalProperties":false}},
                   "filter":{"anyOf":[{"$ref":"#/$defs/range"},{"type":"null"}]}},
                 "required":["location","unit","days","filter"],"additionalProperties":false,
                 "$defs":{"range":{"type":"object","properties":{"min":{"type":"number","minimum":0}},"required":["min"],"additionalProperties":false}}}""")));
        assertTrue(StrictSchema.allows(schema("{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false}")));
    }

    @Test
    void anOptionalPropertyFails() throws Exception {
        assertFalse(StrictSchema.allows(schema("""
                {"type":"object","properties":{"text":{"type":"string"},"times":{"type":"integer"}},"required":["text"],"additionalProperties":false}""")));
    }

    @Test
    void anObjectThatIsNotClosedFailsAtAnyDepth() throws Exception {
        assertFalse(StrictSchema.allows(schema("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}},\"required\":[\"a\"]}")));
        assertFalse(StrictSchema.allows(schema("""
                {"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":true}""")));
        assertFalse(StrictSchema.allows(schema("""
                {"type":"object","properties":{"list":{"type":"array","items":{"type":"object","properties":{"x":{"type":"string"}},"required":["x"]}}},
                 "required":["list"],"additionalProperties":false}""")));
        assertFalse(StrictSchema.allows(schema("""
                {"type":"object","properties":{"v":{"anyOf":[{"type":"string"},{"type":"object","properties":{}}]}},"required":["v"],"additionalProperties":false}""")));
        assertFalse(StrictSchema.allows(schema("""
                {"type":"object","properties":{"r":{"$ref":"#/$defs/r"}},"required":["r"],"additionalProperties":false,
                 "$defs":{"r":{"type":"object","properties":{"y":{"type":"string"}}}}}""")));
    }

    @Test
    void keywordsStrictModeDoesNotSupportFail() throws Exception {
        assertFalse(StrictSchema.allows(schema("""
                {"type":"object","properties":{"a":{"type":"string","minLength":1}},"required":["a"],"additionalProperties":false}""")));
        assertFalse(StrictSchema.allows(schema("""
                {"type":"object","properties":{"a":{"allOf":[{"type":"string"}]}},"required":["a"],"additionalProperties":false}""")));
        assertFalse(StrictSchema.allows(schema("""
                {"type":"object","properties":{"a":{"type":"string","default":"x"}},"required":["a"],"additionalProperties":false}""")));
    }

    @Test
    void theRootMustBeAnObjectSchema() throws Exception {
        assertFalse(StrictSchema.allows(schema("{\"anyOf\":[{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false}]}")));
        assertFalse(StrictSchema.allows(schema("{\"type\":\"string\"}")));
        assertFalse(StrictSchema.allows(schema("{\"type\":\"object\"}")), "open: additionalProperties is not false");
        assertFalse(StrictSchema.allows(null));
    }

    @Test
    void nestingPastTenLevelsFails() throws Exception {
        String leaf = "{\"type\":\"string\"}";
        String nested = leaf;
        for (int level = 0; level < 12; level++) {
            nested = "{\"type\":\"object\",\"properties\":{\"n\":" + nested + "},\"required\":[\"n\"],\"additionalProperties\":false}";
        }
        assertFalse(StrictSchema.allows(schema(nested)));
    }
}
