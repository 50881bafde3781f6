package dev.toolspill.inspect;

import dev.toolspill.inspect.selector.Selector;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The model learns the selectors from the inspect tool's schema: it shows an example of every form, and every example
 * it shows is a selector the parser takes as written.
 */
class InspectToolDescriptionTest {

    /** One example per form: head aside (no selector), each selector kind, each grep form and option, a continuation. */
    private static final List<String> EXAMPLES = List.of(
            "lines:A-B", "lines:A-", "slice:A..B", "slice:A..", "key:NAME", "key:\"NAME\"", "bytes:A..B", "bytes:A..",
            "path:/results/120/name", "path:/results slice:100..120", "path:/shapes keys:0..50",
            "grep:timeout", "grep:\"/api/v1\"", "grep:\"Connection refused\"i", "grep:/status=5\\d\\d/", "grep:/time(d )?out/i",
            "grep:ERROR context:2 max:20", "grep:timeout from:1235", "bytes:16296..350019 then grep:timeout from:4");

    private static String selectorDescription() {
        InspectTool tool = new InspectTool(null, new ObjectMapper());
        return tool.parameters().path("properties").path("selector").path("description").asText();
    }

    @Test
    void theSchemaShowsEveryForm() {
        String description = selectorDescription();
        assertAll(EXAMPLES.stream().map(example -> () -> assertTrue(description.contains(example), example + " in: " + description)));
        assertTrue(description.startsWith("Omit for metadata and the head."), "no selector is a form too");
    }

    @Test
    void everyConcreteExampleParses() {
        assertAll(EXAMPLES.stream().filter(example -> !example.matches(".*[A-Z]-.*|.*\\bA\\.\\..*|.*:NAME.*|.*\"NAME\".*"))
                .map(example -> () -> assertDoesNotThrow(() -> Selector.parse(example), example)));
    }
}
