package dev.toolspill.scan;

/** Bytes that cannot be what they claim: not UTF-8, or not JSON although JSON is required. */
public class InvalidOutputException extends IllegalArgumentException {
    public InvalidOutputException(String message) {
        super(message);
    }
}
