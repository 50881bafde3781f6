package dev.toolspill.provider;

import dev.toolspill.tool.ToolCall;

/**
 * One call found in a provider's body. {@code unreadable} says why its arguments could not be read (a JSON string
 * that does not parse), and is null when they could: such a call becomes an error item, not a failed batch.
 */
public record ProviderCall(ToolCall call, String unreadable) {
}
