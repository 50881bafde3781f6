package dev.toolspill.provider;

/** A {@code format} that is not known, or a body that does not hold what its format takes; answered with 400. */
public class ProviderFormatException extends IllegalArgumentException {
    public ProviderFormatException(String message) {
        super(message);
    }
}
