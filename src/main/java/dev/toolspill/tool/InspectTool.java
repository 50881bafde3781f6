package dev.toolspill.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.BlobId;
import dev.toolspill.inspect.Inspector;
import dev.toolspill.inspect.Selector;
import io.smallrye.mutiny.Uni;

/** The built-in {@code inspect(blob_id, selector?)} tool: reads exactly the part of a blob asked for. */
public class InspectTool implements Tool {

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "blob_id": {"type": "string", "description": "The id from a summary's [blob:<id>] line."},
                "selector": {"type": "string", "description": "lines:A-B (text, 1-based, inclusive), slice:A..B (JSON array, 0-based, end exclusive), key:NAME (JSON object). Omit for metadata and the head."}
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
        return Inspector.TOOL;
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
        return Uni.createFrom().item(() -> BlobId.parse(arguments.path("blob_id").asText()))
                .flatMap(id -> inspector.inspect(id, Selector.parse(arguments.path("selector").asText(null))))
                .onFailure(IllegalArgumentException.class).transform(e -> new ToolException(e.getMessage()))
                .onFailure(dev.toolspill.blob.BlobNotFoundException.class).transform(e -> new ToolException(e.getMessage()))
                .onFailure(dev.toolspill.blob.BlobStoreException.class).transform(e -> new ToolException(
                        "the blob store could not be read (" + e.getMessage() + "); try again shortly", e));
    }
}
