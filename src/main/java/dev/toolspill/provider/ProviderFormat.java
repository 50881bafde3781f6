package dev.toolspill.provider;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.toolspill.provider.ResultItem;
import dev.toolspill.tool.Tool;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One provider API's shapes: where a model's turn holds its tool calls, what each call looks like, what the client
 * appends to its conversation in answer, and how a tool is defined for that API.
 */
public sealed interface ProviderFormat permits OpenAiChat, OpenAiResponses, Anthropic {

    /** The value of {@code ?format=}. */
    String name();

    /**
     * Where a body holds the array of its calls: each place is a path of field names and array indexes from the
     * body's root; the empty path is a body that is that array itself.
     */
    List<List<String>> places();

    /**
     * The call an item of that array is, or empty when the item is something else (text, reasoning).
     *
     * @param where the item's place in the body, for messages, such as {@code output[2]}
     * @throws ProviderFormatException when the item is a call the answer could not refer to (it has no id)
     */
    Optional<ProviderCall> call(JsonNode item, String where);

    /** What a body of this format is, for a 400 that says what would work. */
    String expected();

    /** What the client appends to its conversation: one result per call, in call order, serialized as JSON. */
    Object answer(List<ResultItem> results);

    /** A tool's definition as this API takes it in its tool list. */
    ObjectNode definition(Tool tool);

    /** The id of a call item, which its answer must name. */
    static String id(JsonNode item, String field, String where) {
        JsonNode id = item.get(field);
        if (id == null || !id.isTextual() || id.textValue().isBlank()) {
            throw new ProviderFormatException(where + " has no \"" + field + "\": every tool call needs one, so that its result can name it");
        }
        return id.textValue();
    }

    /** A tool's name, description and schema, the schema under the field name the API uses. */
    static ObjectNode definition(Tool tool, String schemaField) {
        ObjectNode node = JsonNodeFactory.instance.objectNode().put("name", tool.name()).put("description", tool.description());
        node.set(schemaField, tool.parameters());
        return node;
    }

    /** The text a result puts into the conversation. */
    static String content(ResultItem result) {
        return Objects.requireNonNullElse(result.output(), "");
    }
}
