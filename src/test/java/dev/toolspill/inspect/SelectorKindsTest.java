package dev.toolspill.inspect;

import dev.toolspill.inspect.selector.FakeSelectorKind;
import dev.toolspill.inspect.selector.InvalidSelectorException;
import dev.toolspill.inspect.selector.Selector;
import dev.toolspill.inspect.selector.SelectorKind;
import dev.toolspill.inspect.selector.SelectorKinds;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every text that describes the selectors is built from the kinds: a kind added shows up in each, and each real kind's
 * example parses as that kind and is shown in each. (MCP: {@code McpDescriptionsTest}; the OpenAPI document:
 * {@code OpenApiSelectorsTest} and {@code OpenApiDocumentTest}.)
 */
class SelectorKindsTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static String schemaDescription(InspectTool tool) {
        return tool.parameters().path("properties").path("selector").path("description").asText();
    }

    @Test
    void aKindAddedIsInEveryText() {
        SelectorKinds kinds = FakeSelectorKind.withFake();
        InspectTool tool = new InspectTool(null, MAPPER, kinds);
        String notUnderstood = assertThrows(InvalidSelectorException.class, () -> kinds.parse("nope:1")).getMessage();
        assertAll(
                () -> assertTrue(tool.description().contains(FakeSelectorKind.EXAMPLE), tool.description()),
                () -> assertTrue(schemaDescription(tool).contains(FakeSelectorKind.DESCRIPTION), schemaDescription(tool)),
                () -> assertTrue(notUnderstood.contains(FakeSelectorKind.FORM) && notUnderstood.contains(FakeSelectorKind.EXAMPLE), notUnderstood),
                () -> assertEquals(new Selector.Lines(7, 7), kinds.parse(FakeSelectorKind.EXAMPLE), "parsed by its own kind"));
        assertFalse(new InspectTool(null, MAPPER).description().contains(FakeSelectorKind.EXAMPLE), "the real tool has no fake kind");
    }

    @Test
    void everyRealKindsExampleParsesAsItsKindAndIsShownEverywhere() {
        InspectTool tool = new InspectTool(null, MAPPER);
        String notUnderstood = assertThrows(InvalidSelectorException.class, () -> Selector.parse("nope")).getMessage();
        for (SelectorKind kind : SelectorKinds.STANDARD.kinds()) {
            String example = kind.example();
            assertTrue(kind.claims(example.strip()), kind + " claims its own example " + example);
            assertEquals(kind.parse(example), Selector.parse(example), example);
            assertTrue(notUnderstood.contains(kind.form()), kind.form() + " in: " + notUnderstood);
            assertTrue(schemaDescription(tool).contains(kind.description()), kind.description());
            if (!example.isEmpty()) {
                assertTrue(tool.description().contains(example), example + " in: " + tool.description());
                assertTrue(notUnderstood.contains(example), example + " in: " + notUnderstood);
                assertTrue(kind.description().contains(kind.prefix()), "the description of " + kind.prefix() + " names it");
            }
        }
    }

    @Test
    void eachPrefixBelongsToOneKind() {
        var prefixes = SelectorKinds.STANDARD.kinds().stream().map(SelectorKind::prefix).toList();
        assertEquals(prefixes.size(), prefixes.stream().distinct().count(), prefixes.toString());
    }

    /** The design's table of selectors is prose; it names every kind at least, so a new kind is not left out. */
    @Test
    void theDesignNamesEveryKind() throws java.io.IOException {
        String design = java.nio.file.Files.readString(java.nio.file.Path.of("src/docs/design.md"));
        for (SelectorKind kind : SelectorKinds.STANDARD.kinds()) {
            assertTrue(kind.prefix().isEmpty() || design.contains("| `" + kind.prefix()), kind.prefix() + " in the table of design.md");
        }
    }
}
