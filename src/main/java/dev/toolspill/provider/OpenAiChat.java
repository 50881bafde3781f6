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
 * OpenAI Chat Completions: the calls are the assistant message's {@code tool_calls}, each
 * {@code {id, type: "function", function: {name, arguments}}} with the arguments as a JSON string; each result is
 * a {@code {"role":"tool","tool_call_id","content"}} message.
 */
public final class OpenAiChat implements ProviderFormat {

    /** A message of the conversation that answers one tool call. */
    public record ToolMessage(String role, @JsonProperty("tool_call_id") String toolCallId, String content) {
    }

    private final Arguments arguments;

    OpenAiChat(Arguments arguments) {
        this.arguments = arguments;
    }

    @Override
    public String name() {
        return "openai";
    }

    @Override
    public List<List<String>> places() {
        return List.of(List.of(), List.of("tool_calls"), List.of("choices", "0", "message", "tool_calls"));
    }

    @Override
    public Optional<ProviderCall> call(JsonNode item, String where) {
        String id = ProviderFormat.id(item, "id", where);
        String type = item.path("type").asText("function");
        if (!type.equals("function")) {
            ToolCall call = new ToolCall(id, item.path(type).path("name").textValue(), null);
            return Optional.of(new ProviderCall(call, "this is a '" + type + "' tool call, and Toolspill runs function tools only"));
        }
        JsonNode function = item.path("function");
        String name = function.path("name").textValue();
        Arguments.Read read = arguments.read(name, function.get("arguments"));
        return Optional.of(new ProviderCall(new ToolCall(id, name, read.value()), read.problem()));
    }

    @Override
    public String expected() {
        return "a Chat Completions assistant message with tool_calls (choices[0].message), its tool_calls array, or the whole chat completion";
    }

    @Override
    public List<ToolMessage> answer(List<ResultItem> results) {
        return results.stream().map(result -> new ToolMessage("tool", result.callId(), ProviderFormat.content(result))).toList();
    }

    @Override
    public ObjectNode definition(Tool tool) {
        ObjectNode node = JsonNodeFactory.instance.objectNode().put("type", "function");
        node.set("function", ProviderFormat.definition(tool, "parameters"));
        return node;
    }
}
