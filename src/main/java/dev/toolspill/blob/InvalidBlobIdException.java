package dev.toolspill.blob;

/** A blob id that is not a UUID version 7 in its canonical form. */
public class InvalidBlobIdException extends IllegalArgumentException {

    private static final int ECHO_MAX = 40;

    public InvalidBlobIdException(String text) {
        super(echo(text) + " is not a blob id: ids are UUID version 7 exactly as a summary's [blob:<id>] writes them, "
                + "36 characters, lower-case 0-9a-f in groups of 8-4-4-4-12, for example 019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70");
    }

    private static String echo(String text) {
        if (text == null || text.isEmpty()) {
            return "an empty value";
        }
        return "'" + (text.length() > ECHO_MAX ? text.substring(0, ECHO_MAX) + "…" : text) + "'";
    }
}
