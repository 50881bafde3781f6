package dev.toolspill.tool.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.tool.ToolException;
import dev.toolspill.tenant.Caller;
import io.modelcontextprotocol.spec.McpSchema;
import io.smallrye.mutiny.Uni;

import java.util.List;
import java.util.stream.Collectors;

/**
 * An upstream {@code tools/call} result as a Toolspill output: its {@code structuredContent} as compact JSON (so a
 * large one is stored as a JSON blob), else its contents joined by newlines: text as it is, a resource link as
 * {@code [resource_link <uri> "name" type]}, images and audio stored as blobs and named by them ({@link McpBinaries}).
 * A result with {@code isError} becomes a {@link ToolException} carrying the upstream message.
 */
final class McpResults {

    /** How much of an upstream error message the model sees; the rest of a long one says nothing new. */
    static final int ERROR_CHARS = 2000;

    private final ObjectMapper mapper;
    private final McpBinaries binaries;

    McpResults(ObjectMapper mapper, McpBinaries binaries) {
        this.mapper = mapper;
        this.binaries = binaries;
    }

    /** The output of a result for {@code caller}, who owns the blobs its images and audio are kept in. */
    Uni<String> output(String tool, McpSchema.CallToolResult result, Caller caller) {
        if (Boolean.TRUE.equals(result.isError()) || result.structuredContent() != null || result.content() == null
                || result.content().stream().noneMatch(McpResults::binary)) {
            return Uni.createFrom().item(() -> output(tool, result));
        }
        List<Uni<String>> parts = result.content().stream().map(content -> content instanceof McpSchema.ImageContent image
                ? binaries.keep("image", image.mimeType(), image.data(), caller)
                : content instanceof McpSchema.AudioContent audio ? binaries.keep("audio", audio.mimeType(), audio.data(), caller)
                : Uni.createFrom().item(text(content))).toList();
        return Uni.join().all(parts).andFailFast().map(texts -> String.join("\n", texts));
    }

    private static boolean binary(McpSchema.Content content) {
        return content instanceof McpSchema.ImageContent || content instanceof McpSchema.AudioContent;
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
