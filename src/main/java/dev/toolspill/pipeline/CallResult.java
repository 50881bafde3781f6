package dev.toolspill.pipeline;

import dev.toolspill.history.Admitted;

/**
 * What one call of a batch gave: its output as history admitted it, or ({@code error}) the message the model reads
 * instead, as the limit let it in. Each edge renders it in its own shape (a result item, a provider's tool message,
 * an MCP tool result).
 */
public record CallResult(String callId, String tool, boolean error, Admitted admitted) {

    public static CallResult ok(String callId, String tool, Admitted admitted) {
        return new CallResult(callId, tool, false, admitted);
    }

    public static CallResult error(String callId, String tool, Admitted message) {
        return new CallResult(callId, tool, true, message);
    }
}
