package dev.toolspill.inspect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobNotFoundException;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.output.ToolOutput;
import dev.toolspill.tool.Tool;
import dev.toolspill.tool.ToolException;
import io.quarkus.arc.lookup.LookupUnlessProperty;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The built-in {@code inspect(blob_id, selector?)} tool: reads exactly the part of a blob asked for. It exists
 * only where blobs do: with {@code toolspill.blob-store.type=none} it is not registered.
 */
@ApplicationScoped
@LookupUnlessProperty(name = "toolspill.blob-store.type", stringValue = "none")
public class InspectTool implements Tool {

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "blob_id": {"type": "string", "description": "The id from a summary's [blob:<id>] line."},
                "selector": {"type": "string", "description": "lines:A-B (text, 1-based, inclusive), slice:A..B (JSON array, 0-based, end exclusive), key:NAME or key:\\"NAME\\" (JSON object; the quoted form is a JSON string). Omit for metadata and the head."}
              },
              "required": ["blob_id"],
              "additionalProperties": false
            }""";

    private final Inspector inspector;
    private final JsonNode parameters;

    public InspectTool(Inspector inspector, ObjectMapper mapper) {
        this.inspector = inspector;
        try {
            this.parameters = mapper.readTree(SCHEMA);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String name() {
        return SelectionRenderer.TOOL;
    }

    @Override
    public String description() {
        return "Read part of a stored tool output. Large outputs are replaced in history by a summary that starts with "
                + "[blob:<id>]; pass that id and a selector to read exactly the lines, array elements or object key you need.";
    }

    @Override
    public JsonNode parameters() {
        return parameters;
    }

    @Override
    public boolean promotable() {
        return false;
    }

    @Override
    public Uni<String> execute(JsonNode arguments) {
        return call(arguments).map(ToolOutput::text);
    }

    /** The selection, already under the limit, with what the limit dropped, so the result reports the cut. */
    @Override
    public Uni<ToolOutput> call(JsonNode arguments) {
        return Uni.createFrom().item(() -> BlobId.parse(arguments.path("blob_id").asText()))
                .flatMap(id -> inspector.inspect(id, Selector.parse(arguments.path("selector").asText(null))))
                .<ToolOutput>map(limited -> new ToolOutput.Inline(limited.text(), limited.droppedBytes()))
                .onFailure(IllegalArgumentException.class).transform(e -> new ToolException(e.getMessage()))
                .onFailure(BlobNotFoundException.class).transform(e -> new ToolException(e.getMessage()))
                .onFailure(BlobStoreException.class).transform(e -> new ToolException(
                        "the blob store could not be read (" + e.getMessage() + "); try again shortly", e));
    }
}
