package dev.toolspill.inspect.walk;

import com.fasterxml.jackson.core.JsonProcessingException;

import java.io.IOException;

/**
 * A reader could not parse bytes that the blob's read index vouches for (the blob was scanned as this JSON when it
 * was stored, and its index is checked against it): the fault is the reader's, not the store's nor the index's. So
 * it is never answered as a store outage, the index stays trusted, and the message says a retry will not help.
 */
public class UnreadablePartException extends RuntimeException {

    public UnreadablePartException(IOException cause) {
        super("this part of the blob could not be read (" + (cause instanceof JsonProcessingException json ? json.getOriginalMessage()
                : cause.getMessage()) + "); a retry will not help, but bytes:A..B reads the blob's raw bytes", cause);
    }
}
