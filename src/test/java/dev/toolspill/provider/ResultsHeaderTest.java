package dev.toolspill.provider;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.toolspill.provider.ResultItem;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The facts header: every item without its output while it fits, else a short form per call, as many as fit. */
class ResultsHeaderTest {

    static final ObjectMapper MAPPER = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(com.fasterxml.jackson.databind.SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    static final ResultItem STORED = new ResultItem("call_1", "search", ResultItem.Status.ok, "[blob:…] json_array | 400 entries",
            new ResultItem.Blob("01a22e43-7960-7133-b98c-91bf87aa6cdd", "json_array", 51234, null, 400L, null, Instant.parse("2026-11-30T10:00:00Z")),
            null, null);
    static final ResultItem CUT = new ResultItem("call_2", "inspect", ResultItem.Status.ok, "…[truncated: 90 bytes dropped, refine your query]",
            null, new ResultItem.Truncated(90, null), null);
    static final ResultItem FAILED = new ResultItem("call_ü", "nope", ResultItem.Status.error, "unknown tool 'nope'", null, null, null);

    @Test
    void everyItemWithoutItsOutputWhileItFits() {
        ResultsHeader.Value value = new ResultsHeader(MAPPER, 8192).of(List.of(STORED, CUT, FAILED));
        assertEquals("[{\"call_id\":\"call_1\",\"tool\":\"search\",\"status\":\"ok\",\"blob\":{\"id\":\"01a22e43-7960-7133-b98c-91bf87aa6cdd\","
                + "\"kind\":\"json_array\",\"bytes\":51234,\"entries\":400,\"created\":\"2026-11-30T10:00:00Z\"},\"truncated\":null},"
                + "{\"call_id\":\"call_2\",\"tool\":\"inspect\",\"status\":\"ok\",\"blob\":null,\"truncated\":{\"dropped_bytes\":90,\"blob_id\":null}},"
                + "{\"call_id\":\"call_\\u00FC\",\"tool\":\"nope\",\"status\":\"error\",\"blob\":null,\"truncated\":null}]", value.json());
        assertEquals(0, value.omitted());
    }

    @Test
    void theShortFormWhenTheFullOneIsOverTheCap() {
        ResultsHeader.Value value = new ResultsHeader(MAPPER, 250).of(List.of(STORED, CUT, FAILED));
        assertEquals("[{\"call_id\":\"call_1\",\"status\":\"ok\",\"blob_id\":\"01a22e43-7960-7133-b98c-91bf87aa6cdd\"},"
                + "{\"call_id\":\"call_2\",\"status\":\"ok\",\"dropped_bytes\":90},"
                + "{\"call_id\":\"call_\\u00FC\",\"status\":\"error\"}]", value.json());
        assertEquals(0, value.omitted());
    }

    @Test
    void asManyCallsAsFitInOrderAndACountOfTheRest() {
        ResultsHeader.Value value = new ResultsHeader(MAPPER, 139).of(List.of(STORED, CUT, FAILED));
        assertEquals("[{\"call_id\":\"call_1\",\"status\":\"ok\",\"blob_id\":\"01a22e43-7960-7133-b98c-91bf87aa6cdd\"},"
                + "{\"call_id\":\"call_2\",\"status\":\"ok\",\"dropped_bytes\":90}]", value.json());
        assertEquals(1, value.omitted());
        assertEquals(139, value.json().length(), "exactly the cap");
    }
}
