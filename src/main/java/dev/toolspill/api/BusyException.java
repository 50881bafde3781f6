package dev.toolspill.api;

/** The replica is at a budget for this kind of work: 503 with Retry-After, so the client tries again shortly. */
public class BusyException extends RuntimeException {
    public BusyException(String message) {
        super(message);
    }
}
