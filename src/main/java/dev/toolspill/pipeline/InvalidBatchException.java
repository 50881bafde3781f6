package dev.toolspill.pipeline;

/** A batch the pipeline cannot run at all (no calls, duplicate ids); answered with 400. */
public class InvalidBatchException extends IllegalArgumentException {
    public InvalidBatchException(String message) {
        super(message);
    }
}
