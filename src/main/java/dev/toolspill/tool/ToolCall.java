package dev.toolspill.tool;

import com.fasterxml.jackson.databind.JsonNode;

/** One call the model asked for: its id, the tool's name, and the arguments as given. */
public record ToolCall(String id, String name, JsonNode arguments) {
}
