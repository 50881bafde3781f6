package dev.toolspill.tool;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ToolRegistryTest {

    record Named(String name) implements Tool {
        @Override
        public String description() {
            return name;
        }

        @Override
        public JsonNode parameters() {
            return TestTools.schema("{\"type\":\"object\"}");
        }

        @Override
        public Uni<String> execute(JsonNode arguments) {
            return Uni.createFrom().item(name);
        }
    }

    @Test
    void toolsAreIndexedByNameInOrder() {
        var index = ToolRegistry.index(List.of(new Named("zeta"), new Named("alpha")));
        assertEquals(List.of("alpha", "zeta"), List.copyOf(index.keySet()));
    }

    @Test
    void duplicateNamesFailWithAClearMessage() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ToolRegistry.index(List.of(new Named("search"), new Named("search"))));
        assertTrue(e.getMessage().startsWith("two tools are named 'search'"), e.getMessage());
        assertTrue(e.getMessage().contains("rename one"), e.getMessage());
    }

    @Test
    void namesThatModelApisRefuseFailStartUp() {
        for (String bad : List.of("web search", "a.b", "", "x".repeat(65), "caf\u00e9")) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> ToolRegistry.index(List.of(new Named(bad))), bad);
            assertTrue(e.getMessage().contains("1 to 64 letters, digits, '_' or '-'"), e.getMessage());
        }
        assertEquals(2, ToolRegistry.index(List.of(new Named("web-search_2"), new Named("x".repeat(64)))).size());
    }

    @Test
    void argumentsAreCheckedAgainstTheSchema() {
        ArgumentValidator validator = new ArgumentValidator();
        Tool echo = new TestTools.Echo();
        validator.register(echo);
        validator.validate(echo, TestTools.schema("{\"text\":\"hi\"}"));
        ToolException wrongType = assertThrows(ToolException.class, () -> validator.validate(echo, TestTools.schema("{\"text\":1}")));
        assertTrue(wrongType.getMessage().contains("text"), wrongType.getMessage());
        ToolException missing = assertThrows(ToolException.class, () -> validator.validate(echo, TestTools.schema("{}")));
        assertTrue(missing.getMessage().contains("required") || missing.getMessage().contains("text"), missing.getMessage());
        assertThrows(ToolException.class, () -> validator.validate(echo, TestTools.schema("\"text\"")));
    }
}
