package dev.toolspill.quota;

/**
 * A token bucket: {@code rate} tokens a second up to {@code burst}; a request takes one. Time comes from the caller
 * (nanoseconds of a monotonic clock), so the arithmetic is pure and testable without waiting.
 */
final class TokenBucket {

    private final double ratePerNano;
    private final double burst;
    private double tokens;
    private long last;

    TokenBucket(double perSecond, int burst, long now) {
        this.ratePerNano = perSecond / 1e9;
        this.burst = Math.max(1, burst);
        this.tokens = this.burst;
        this.last = now;
    }

    /** Takes a token: 0 when one was there, else the nanoseconds until one will be (nothing is taken then). */
    synchronized long take(long now) {
        tokens = Math.min(burst, tokens + (now - last) * ratePerNano);
        last = now;
        if (tokens >= 1) {
            tokens -= 1;
            return 0;
        }
        return (long) Math.ceil((1 - tokens) / ratePerNano);
    }
}
