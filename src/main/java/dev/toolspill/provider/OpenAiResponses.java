package dev.toolspill.provider;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.toolspill.provider.ResultItem;
import dev.toolspill.tool.Tool;
import dev.toolspill.tool.ToolCall;

import java.util.List;
import java.util.Optional;

/**
 * The OpenAI Responses API: the calls are the {@code function_call} items of a response's {@code output} (others,
 * such as reasoning and message items, are passed over), named by {@code call_id}, with the arguments as a JSON
 * string; each result is a {@code {"type":"function_call_output","call_id","output"}} input item.
 */
public final class OpenAiResponses implements ProviderFormat {

    /** An input item that answers one function call. */
    public record FunctionCallOutput(String type, @JsonProperty("call_id") String callId, String output) {
    }

    private final Arguments arguments;

    OpenAiResponses(Arguments arguments) {
        this.arguments = arguments;
    }

    @Override
    public String name() {
        return "openai-responses";
    }

    @Override
    public List<List<String>> places() {
        return List.of(List.of(), List.of("output"));
    }

    @Override
    public Optional<ProviderCall> call(JsonNode item, String where) {
        if (!"function_call".equals(item.path("type").textValue())) {
            return Optional.empty();
        }
        String id = ProviderFormat.id(item, "call_id", where);
        String name = item.path("name").textValue();
        Arguments.Read read = arguments.read(name, item.get("arguments"));
        return Optional.of(new ProviderCall(new ToolCall(id, name, read.value()), read.problem()));
    }

    @Override
    public String expected() {
        return "a Responses API response object, or its output array, with function_call items";
    }

    @Override
    public List<FunctionCallOutput> answer(List<ResultItem> results) {
        return results.stream()
                .map(result -> new FunctionCallOutput("function_call_output", result.callId(), ProviderFormat.content(result)))
                .toList();
    }

    /** The flat shape of the Responses API; {@code strict} only when the schema passes OpenAI's strict mode as it is. */
    @Override
    public ObjectNode definition(Tool tool) {
        ObjectNode node = JsonNodeFactory.instance.objectNode().put("type", "function")
                .put("name", tool.name()).put("description", tool.description());
        node.set("parameters", tool.parameters());
        return node.put("strict", StrictSchema.allows(tool.parameters()));
    }
}
