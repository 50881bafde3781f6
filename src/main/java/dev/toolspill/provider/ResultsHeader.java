package dev.toolspill.provider;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.provider.ResultItem;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;

/**
 * The Toolspill facts of a provider-shaped answer (which call made which blob, what the limit cut), carried in the
 * {@code Toolspill-Results} header so that the body stays exactly the provider's shape. The value is compact JSON,
 * ASCII only: every result item without its {@code output} (the body has it), with the selector that reads on
 * ({@code next}) when there is one. When that is over
 * {@code toolspill.pipeline.results-header-max-bytes}, a short form per call, {@code {call_id, status, blob_id?,
 * dropped_bytes?}}, for as many calls as fit in order; {@code omitted} counts the calls left out.
 */
@ApplicationScoped
public class ResultsHeader {

    public static final String NAME = "Toolspill-Results";
    public static final String OMITTED = "Toolspill-Results-Omitted";

    /** The header's value and how many calls it leaves out. */
    public record Value(String json, int omitted) {
    }

    record Facts(@JsonProperty("call_id") String callId, String tool, ResultItem.Status status, ResultItem.Blob blob,
                 ResultItem.Truncated truncated, @JsonInclude(JsonInclude.Include.NON_NULL) String next) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Brief(@JsonProperty("call_id") String callId, ResultItem.Status status, @JsonProperty("blob_id") String blobId,
                 @JsonProperty("dropped_bytes") Long droppedBytes) {
    }

    private final ObjectWriter writer;
    private final int maxBytes;

    @Inject
    public ResultsHeader(ObjectMapper mapper, ToolspillConfig config) {
        this(mapper, config.pipeline().resultsHeaderMaxBytes());
    }

    ResultsHeader(ObjectMapper mapper, int maxBytes) {
        this.writer = mapper.writer().with(JsonWriteFeature.ESCAPE_NON_ASCII); // header values are ASCII
        this.maxBytes = maxBytes;
    }

    public Value of(List<ResultItem> results) {
        String full = json(results.stream()
                .map(result -> new Facts(result.callId(), result.tool(), result.status(), result.blob(), result.truncated(),
                        result.next()))
                .toList());
        if (full.length() <= maxBytes) {
            return new Value(full, 0);
        }
        List<String> fitting = new ArrayList<>();
        int length = 2; // the brackets
        for (ResultItem result : results) {
            String item = json(new Brief(result.callId(), result.status(), result.blob() == null ? null : result.blob().id(),
                    result.truncated() == null ? null : result.truncated().droppedBytes()));
            int added = item.length() + (fitting.isEmpty() ? 0 : 1);
            if (length + added > maxBytes) {
                break;
            }
            fitting.add(item);
            length += added;
        }
        return new Value("[" + String.join(",", fitting) + "]", results.size() - fitting.size());
    }

    private String json(Object value) {
        try {
            return writer.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("result facts are plain values and always serialize", e);
        }
    }
}
