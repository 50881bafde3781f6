package dev.toolspill.inspect.grep;

/** A pattern the engine cannot search for; the message says why and what would work, after the selector's name. */
public final class BadPatternException extends IllegalArgumentException {

    BadPatternException(String message) {
        super(message);
    }
}
