package dev.toolspill.inspect;

import dev.toolspill.inspect.render.SelectionRenderer;
import dev.toolspill.inspect.walk.UnreadablePartException;

import dev.toolspill.inspect.selector.Selector;
import dev.toolspill.inspect.selector.SelectorKinds;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import jakarta.inject.Inject;

/**
 * The built-in {@code inspect(blob_id, selector?)} tool: reads exactly the part of a blob asked for. It exists
 * only where blobs do: with {@code toolspill.blob-store.type=none} it is not registered.
 */
@ApplicationScoped
@LookupUnlessProperty(name = "toolspill.blob-store.type", stringValue = "none")
public class InspectTool implements Tool {

    private final Inspector inspector;
    private final SelectorKinds kinds;
    private final JsonNode parameters;

    @Inject
    public InspectTool(Inspector inspector, ObjectMapper mapper) {
        this(inspector, mapper, SelectorKinds.STANDARD);
    }

    /** {@code kinds}: the selectors the description and schema list (tests add a kind of their own). */
    InspectTool(Inspector inspector, ObjectMapper mapper, SelectorKinds kinds) {
        this.inspector = inspector;
        this.kinds = kinds;
        this.parameters = schema(mapper, kinds);
    }

    /** {@code blob_id} and {@code selector}, the selector's description built from the kinds. */
    private static JsonNode schema(ObjectMapper mapper, SelectorKinds kinds) {
        ObjectNode schema = mapper.createObjectNode().put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        properties.putObject("blob_id").put("type", "string").put("description", "The id from a summary's [blob:<id>] line.");
        properties.putObject("selector").put("type", "string").put("description", kinds.parameterDescription());
        schema.putArray("required").add("blob_id");
        return schema.put("additionalProperties", false);
    }

    @Override
    public String name() {
        return SelectionRenderer.TOOL;
    }

    @Override
    public String description() {
        return "Read part of a stored tool output. Large outputs are replaced in history by a summary that starts with "
                + "[blob:<id>]; pass that id and a selector to read exactly the lines, array elements, object key, bytes or "
                + "nested JSON value you need, or to search it (matching lines or array entries with their numbers), e.g. "
                + kinds.examples() + "; then read around a match with lines:A-B. A cut answer names the selector that reads "
                + "on (next part: ...).";
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
