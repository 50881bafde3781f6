package dev.toolspill.tool.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.tool.ToolException;
import io.modelcontextprotocol.spec.McpSchema;

import java.util.List;
import java.util.stream.Collectors;

/**
 * An upstream {@code tools/call} result as a Toolspill output: its {@code structuredContent} as compact JSON (so a
 * large one is stored as a JSON blob), else its text contents joined by newlines; content that is not text is named,
 * not copied. A result with {@code isError} becomes a {@link ToolException} carrying the upstream message.
 */
final class McpResults {

    /** How much of an upstream error message the model sees; the rest of a long one says nothing new. */
    static final int ERROR_CHARS = 2000;

    private final ObjectMapper mapper;

    McpResults(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    String output(String tool, McpSchema.CallToolResult result) {
        if (Boolean.TRUE.equals(result.isError())) {
            String message = text(result.content());
            throw new ToolException("tool " + tool + " failed: " + (message.isBlank() ? "its MCP server reported an error without a message"
                    : clip(message.strip())));
        }
        if (result.structuredContent() != null) {
            try {
                return mapper.writeValueAsString(result.structuredContent());
            } catch (JsonProcessingException e) {
                throw new ToolException("tool " + tool + " answered structured content that is not JSON: " + e.getOriginalMessage());
            }
        }
        return text(result.content());
    }

    static String clip(String message) {
        return message.length() > ERROR_CHARS ? message.substring(0, ERROR_CHARS) + "…" : message;
    }

    private static String text(List<McpSchema.Content> contents) {
        if (contents == null) {
            return "";
        }
        return contents.stream().map(McpResults::text).collect(Collectors.joining("\n"));
    }

    private static String text(McpSchema.Content content) {
        if (content instanceof McpSchema.TextContent text) {
            return text.text();
        }
        if (content instanceof McpSchema.EmbeddedResource embedded) {
            if (embedded.resource() instanceof McpSchema.TextResourceContents resource) {
                return resource.text();
            }
            McpSchema.BlobResourceContents blob = (McpSchema.BlobResourceContents) embedded.resource();
            return "[resource " + blob.uri() + " (" + blob.mimeType() + ", " + base64Bytes(blob.blob()) + " bytes of binary data, not shown)]";
        }
        if (content instanceof McpSchema.ResourceLink link) {
            return "[resource_link " + link.uri() + (link.name() == null ? "" : " \"" + link.name() + "\"")
                    + (link.mimeType() == null ? "" : " " + link.mimeType()) + "]";
        }
        if (content instanceof McpSchema.ImageContent image) {
            return "[image " + image.mimeType() + ", " + base64Bytes(image.data()) + " bytes, not shown]";
        }
        if (content instanceof McpSchema.AudioContent audio) {
            return "[audio " + audio.mimeType() + ", " + base64Bytes(audio.data()) + " bytes, not shown]";
        }
        return "[" + content.type() + " content, not shown]";
    }

    private static long base64Bytes(String data) {
        return data == null ? 0 : data.length() / 4 * 3L;
    }
}
