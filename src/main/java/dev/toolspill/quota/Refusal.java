package dev.toolspill.quota;

/** Why a tenant's request is refused now, and after how many whole seconds a retry can succeed. */
public record Refusal(String detail, long retryAfterSeconds) {
}
