package dev.toolspill.blob;

/** A blob id that is not a UUID version 7 in its canonical form. */
public class InvalidBlobIdException extends IllegalArgumentException {
    public InvalidBlobIdException(String text) {
        super("'" + text + "' is not a blob id: ids are UUID version 7 as in a summary's [blob:<id>], "
                + "for example 019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70");
    }
}
