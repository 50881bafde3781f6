package dev.toolspill.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.toolspill.blob.BlobId;
import dev.toolspill.provider.ResultItem;
import dev.toolspill.redact.Redactions;
import dev.toolspill.scan.BlobKind;
import io.quarkiverse.mcp.server.Content;
import io.quarkiverse.mcp.server.ResourceLink;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolResponse;
import io.vertx.core.json.JsonObject;

import java.util.ArrayList;
import java.util.List;

/**
 * A result item as an MCP tool result. Inline: one text content, what {@code /v1/tool-calls} puts in {@code output}.
 * Stored: the summary as text, a {@code resource_link} to the blob, and the item's facts (blob, truncation; everything
 * but the output text) as {@code structuredContent}. An error item: {@code isError} with its message. When credentials
 * were redacted, a second text says how many of which kinds, and the facts name them.
 */
final class ToolResults {

    private final ObjectMapper mapper;

    ToolResults(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    ToolResponse toResponse(ResultItem item) {
        boolean error = item.status() == ResultItem.Status.error;
        TextContent text = new TextContent(item.output());
        if (item.blob() == null && item.truncated() == null && item.redacted() == null) {
            return new ToolResponse(error, List.of(text));
        }
        List<Content> content = new ArrayList<>(List.of(text));
        if (item.blob() != null) {
            content.add(link(item.blob()));
        }
        if (item.redacted() != null) { // the model learns why a value reads [redacted:kind]
            content.add(new TextContent(new Redactions(item.redacted()).note()));
        }
        return new ToolResponse(error, content, facts(item), null);
    }

    static ResourceLink link(ResultItem.Blob blob) {
        BlobId id = BlobId.parse(blob.id());
        Integer size = blob.bytes() <= Integer.MAX_VALUE ? (int) blob.bytes() : null; // MCP sizes are numbers; a huge blob leaves it out
        return new ResourceLink(BlobUri.of(id), BlobKind.ofLabel(blob.kind()).format().mediaType(), "blob-" + id,
                "stored output " + id.tag(), "The full output (" + blob.bytes() + " bytes, " + blob.kind() + "). resources/read answers"
                + " its start under the inspect limit; parts: " + BlobUri.of(id) + "/lines/{from}-{to}, /slice/{from}..{to} or /key/{name}.",
                size, null, null);
    }

    /** The item as {@code /v1/tool-calls} reports it, without the text already in the content. */
    private JsonObject facts(ResultItem item) {
        ObjectNode node = mapper.valueToTree(item);
        node.remove("output");
        return VertxJson.toVertx(mapper, node);
    }
}
