package dev.toolspill.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.inspect.selector.FakeSelectorKind;
import dev.toolspill.inspect.InspectTool;
import dev.toolspill.inspect.selector.SelectorKind;
import dev.toolspill.inspect.selector.SelectorKinds;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The selectors MCP clients read about are the kinds that exist. */
class McpDescriptionsTest {

    private static final InspectTool INSPECT = new InspectTool(null, new ObjectMapper());

    @Test
    void everyKindsFormAndExampleIsInTheInspectDescription() {
        String description = new McpDescriptions(1000, true).of(INSPECT);
        for (SelectorKind kind : SelectorKinds.STANDARD.kinds()) {
            assertTrue(description.contains(kind.form()), kind.form() + " in: " + description);
            assertTrue(description.contains(kind.example()), kind.example() + " in: " + description);
        }
        assertTrue(description.contains("next part"), description);
    }

    @Test
    void aKindAddedIsListed() {
        String description = new McpDescriptions(1000, true, FakeSelectorKind.withFake()).of(INSPECT);
        assertTrue(description.contains(FakeSelectorKind.FORM) && description.contains(FakeSelectorKind.EXAMPLE), description);
    }
}
