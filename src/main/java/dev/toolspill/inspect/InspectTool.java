package dev.toolspill.inspect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobNotFoundException;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.output.ToolOutput;
import dev.toolspill.tenant.Caller;
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
                "selector": {"type": "string", "description": "Omit for metadata and the head. lines:A-B (text, 1-based, inclusive; lines:A- to the end). slice:A..B (JSON array elements, 0-based, end exclusive; slice:A.. to the end). key:NAME or key:\\"NAME\\" (a top-level key of a JSON object; the quoted form is a JSON string). bytes:A..B (any blob, 0-based byte offsets, end exclusive; bytes:A.. to the end). path:POINTER (a JSON Pointer, RFC 6901, into any JSON value, ~1 for / and ~0 for ~ in a key): path:/results/120/name, path:/0/id; add slice:A..B or keys:A..B to page the array or object there: path:/results slice:100..120, path:/shapes keys:0..50. grep:PATTERN finds text lines (N: line, 1-based) or JSON array entries (N: entry, 0-based) that match: grep:timeout (literal text, case-sensitive, spaces allowed), grep:\\"/api/v1\\" (literal as a JSON string, for text that starts with / or a quote), grep:\\"Connection refused\\"i (i ignores case), grep:/status=5\\\\d\\\\d/ (Java regex), grep:/time(d )?out/i; add context:N for lines around each match, max:N for at most N matches, from:N to start at line or entry N: grep:ERROR context:2 max:20, grep:timeout from:1235. Then read around a match with lines:A-B. When an answer is cut or paged, its last line names the selector for the next part (e.g. lines:51-400, grep:timeout from:1235, bytes:16296..350019 then grep:timeout from:4)."}
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
                + "[blob:<id>]; pass that id and a selector to read exactly the lines, array elements, object key, bytes or "
                + "nested JSON value you need, e.g. lines:20-50, slice:3..8, key:results, path:/results/120/name, "
                + "path:/results slice:100..120, path:/shapes keys:0..50, bytes:0..4096; or search it: grep:timeout, "
                + "grep:/time(d )?out/i context:2, grep:\"Connection refused\"i max:20 (matching lines or array entries with their "
                + "numbers), then read around a match with lines:A-B. A cut answer names the selector that reads on (next part: ...).";
    }

    @Override
    public JsonNode parameters() {
        return parameters;
    }

    @Override
    public boolean promotable() {
        return false;
    }

    /** Without a caller, nothing is read: whose blobs may be read is known only for a call made for someone. */
    @Override
    public Uni<String> execute(JsonNode arguments) {
        return Uni.createFrom().failure(new ToolException("inspect reads a blob only for a known caller"));
    }

    /** The selection, already under the limit, with what the limit dropped, so the result reports the cut. */
    @Override
    public Uni<ToolOutput> call(JsonNode arguments, Caller caller) {
        return Uni.createFrom().item(() -> BlobId.parse(arguments.path("blob_id").asText()))
                .flatMap(id -> inspector.inspect(caller, id, Selector.parse(arguments.path("selector").asText(null))))
                .<ToolOutput>map(limited -> new ToolOutput.Inline(limited.text(), limited.droppedBytes(), limited.next()))
                .onFailure(IllegalArgumentException.class).transform(e -> new ToolException(e.getMessage()))
                .onFailure(BlobNotFoundException.class).transform(e -> new ToolException(e.getMessage()))
                .onFailure(UnreadablePartException.class).transform(e -> {
                    io.quarkus.logging.Log.errorf(e, "inspect could not read a part of a blob");
                    return new ToolException(e.getMessage(), e);
                })
                .onFailure(BlobStoreException.class).transform(e -> new ToolException(
                        "the blob store is unavailable; retry in " + BlobStoreException.RETRY_AFTER_SECONDS + " s with the same arguments", e));
    }
}
