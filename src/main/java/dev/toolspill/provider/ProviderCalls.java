package dev.toolspill.provider;

import dev.toolspill.tool.ToolCall;

import java.util.List;
import java.util.Map;

/** The calls of a provider's body in their order, and, by call id, why some of their arguments could not be read. */
public record ProviderCalls(List<ToolCall> calls, Map<String, String> unreadable) {
}
