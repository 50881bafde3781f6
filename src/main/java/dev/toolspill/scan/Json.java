package dev.toolspill.scan;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;

/** The one JSON parser factory for tool outputs: no caps below the ingest size on strings or numbers. */
public final class Json {

    /** Outputs are up to a gigabyte; one string in them may be too. Nesting stays bounded (Jackson's 1000). */
    public static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxStringLength(Integer.MAX_VALUE)
                    .maxNumberLength(Integer.MAX_VALUE)
                    .maxDocumentLength(-1)
                    .build())
            .build();

    private Json() {
    }
}
