package dev.toolspill.provider;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.toolspill.provider.ResultItem;
import dev.toolspill.tool.Tool;
import dev.toolspill.tool.ToolCall;

import java.util.List;
import java.util.Optional;

/**
 * The Anthropic Messages API: the calls are the {@code tool_use} blocks of an assistant message's {@code content}
 * (text and other blocks are passed over), with {@code input} an object; the answer is one user message of
 * {@code tool_result} blocks, {@code is_error} set for error items.
 */
public final class Anthropic implements ProviderFormat {

    /** The user message that answers every tool use of a turn. */
    public record ToolResults(String role, List<ToolResult> content) {
    }

    public record ToolResult(String type, @JsonProperty("tool_use_id") String toolUseId, String content,
                             @JsonProperty("is_error") boolean isError) {
    }

    private final Arguments arguments;

    Anthropic(Arguments arguments) {
        this.arguments = arguments;
    }

    @Override
    public String name() {
        return "anthropic";
    }

    @Override
    public List<List<String>> places() {
        return List.of(List.of(), List.of("content"));
    }

    @Override
    public Optional<ProviderCall> call(JsonNode item, String where) {
        if (!"tool_use".equals(item.path("type").textValue())) {
            return Optional.empty();
        }
        String id = ProviderFormat.id(item, "id", where);
        String name = item.path("name").textValue();
        Arguments.Read read = arguments.read(name, item.get("input"));
        return Optional.of(new ProviderCall(new ToolCall(id, name, read.value()), read.problem()));
    }

    @Override
    public String expected() {
        return "a Messages API assistant message (or the whole response), or its content array, with tool_use blocks";
    }

    @Override
    public ToolResults answer(List<ResultItem> results) {
        return new ToolResults("user", results.stream()
                .map(result -> new ToolResult("tool_result", result.callId(), ProviderFormat.content(result),
                        result.status() == ResultItem.Status.error))
                .toList());
    }

    @Override
    public ObjectNode definition(Tool tool) {
        return ProviderFormat.definition(tool, "input_schema");
    }
}
