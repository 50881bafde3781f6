package dev.toolspill.inspect.selector;

import com.fasterxml.jackson.core.JsonFactory;

/** The parser of a selector's quoted parts ({@code key:"NAME"}, {@code path:"/POINTER"}, {@code grep:"TEXT"}): JSON strings. */
final class QuotedText {

    static final JsonFactory JSON = new JsonFactory();

    private QuotedText() {
    }
}
