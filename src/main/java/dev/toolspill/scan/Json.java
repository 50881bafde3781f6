package dev.toolspill.scan;

import com.fasterxml.jackson.core.JsonFactory;

/** The parser factory for stored JSON read back (inspect), with the default {@link JsonLimits}. */
public final class Json {

    public static final JsonFactory FACTORY = JsonLimits.DEFAULT.factory();

    private Json() {
    }
}
