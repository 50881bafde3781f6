package dev.toolspill.tool;

/** A tool failure worded for the model: what went wrong and, where possible, what would work. */
public class ToolException extends RuntimeException {
    public ToolException(String message) {
        super(message);
    }

    public ToolException(String message, Throwable cause) {
        super(message, cause);
    }
}
