package dev.toolspill.pipeline;

/** A batch with more calls than {@code toolspill.pipeline.max-calls}; answered with 413. */
public class BatchTooLargeException extends RuntimeException {
    public BatchTooLargeException(String message) {
        super(message);
    }
}
