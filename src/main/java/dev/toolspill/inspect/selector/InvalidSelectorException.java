package dev.toolspill.inspect.selector;

/** A selector that cannot be read: bad syntax, the wrong kind for the blob, past its end, or an unknown key. */
public class InvalidSelectorException extends IllegalArgumentException {
    public InvalidSelectorException(String message) {
        super(message);
    }
}
