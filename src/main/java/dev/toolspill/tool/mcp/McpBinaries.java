package dev.toolspill.tool.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.toolspill.tenant.Caller;
import dev.toolspill.tool.KeptParts;
import io.smallrye.mutiny.Uni;

import java.nio.charset.StandardCharsets;

/**
 * Image and audio content of an upstream result, kept rather than dropped: stored through {@link KeptParts} as a
 * JSON object blob ({@code {"type","mimeType","bytes","data"}}, the data as the base64 the server sent) owned by the
 * caller, and named in the output by its blob ({@code [image image/png, N bytes, stored as [blob:<id>]; inspect
 * key:data reads its base64]}). When it cannot be kept, the output says why.
 */
final class McpBinaries {

    private final KeptParts kept;
    private final ObjectMapper mapper;

    McpBinaries(KeptParts kept, ObjectMapper mapper) {
        this.kept = kept;
        this.mapper = mapper;
    }

    /** What the output says about one binary content of {@code type} ("image", "audio"), once it is kept (or why not). */
    Uni<String> keep(String type, String mimeType, String base64, Caller caller) {
        long bytes = base64Bytes(base64);
        String what = "[" + type + " " + mimeType + ", " + bytes + " bytes, ";
        ObjectNode value = mapper.createObjectNode().put("type", type).put("mimeType", mimeType).put("bytes", bytes)
                .put("data", base64 == null ? "" : base64);
        return kept.keep(value.toString().getBytes(StandardCharsets.UTF_8), caller)
                .map(tag -> what + "stored as " + tag + "; inspect key:data reads its base64]")
                .onFailure().recoverWithItem(failure -> what + "not kept: " + McpFailures.withoutTypeNames(String.valueOf(failure.getMessage())) + "]");
    }

    static long base64Bytes(String data) {
        if (data == null || data.isEmpty()) {
            return 0;
        }
        int padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
        return data.length() / 4 * 3L - padding;
    }
}
