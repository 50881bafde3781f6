package dev.toolspill.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.output.Utf8;
import dev.toolspill.pipeline.HistoryGate;
import dev.toolspill.pipeline.ResultItem;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;

/** Takes an output produced elsewhere and returns what history should hold for it. */
@Path("/v1/tool-outputs")
public class ToolOutputsResource {

    private final HistoryGate gate;
    private final ObjectMapper mapper;
    private final long maxBytes;

    public ToolOutputsResource(HistoryGate gate, ObjectMapper mapper, ToolspillConfig config) {
        this.gate = gate;
        this.mapper = mapper;
        this.maxBytes = config.ingest().maxBytes();
    }

    @POST
    @Blocking
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<ResultItem> ingest(@QueryParam("tool") String tool,
                                  @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
                                  @HeaderParam(HttpHeaders.CONTENT_LENGTH) Long contentLength,
                                  InputStream body) throws IOException {
        if (tool == null || tool.isBlank()) {
            throw new ApiException(Response.Status.BAD_REQUEST,
                    "query parameter 'tool' is required: it names the tool whose limit applies, e.g. ?tool=read_file");
        }
        boolean json = isJson(contentType);
        if (contentLength != null && contentLength > maxBytes) {
            throw tooLarge(contentLength);
        }
        String raw = decode(readAtMost(body));
        if (json) {
            checkJson(raw);
        }
        return gate.admit(tool, raw).map(admitted -> ResultItem.ok(null, tool, admitted));
    }

    private static boolean isJson(String contentType) {
        MediaType type;
        try {
            type = contentType == null ? null : MediaType.valueOf(contentType);
        } catch (IllegalArgumentException e) {
            type = null;
        }
        if (type != null && type.isCompatible(MediaType.TEXT_PLAIN_TYPE) && !type.isWildcardType()) {
            return false;
        }
        if (type != null && type.isCompatible(MediaType.APPLICATION_JSON_TYPE) && !type.isWildcardType()) {
            return true;
        }
        throw new ApiException(Response.Status.UNSUPPORTED_MEDIA_TYPE, "Content-Type '" + contentType
                + "' is not accepted: send the output as text/plain (any text) or application/json (a JSON document), UTF-8");
    }

    private byte[] readAtMost(InputStream body) throws IOException {
        byte[] bytes = body.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
        if (bytes.length > maxBytes) {
            throw tooLarge(null);
        }
        return bytes;
    }

    private ApiException tooLarge(Long length) {
        return new ApiException(Response.Status.REQUEST_ENTITY_TOO_LARGE, "the body " + (length == null ? "" : "(" + length + " bytes) ")
                + "is over toolspill.ingest.max-bytes = " + maxBytes + " bytes: send a smaller output or raise that setting");
    }

    private static String decode(byte[] bytes) {
        try {
            return Utf8.decode(bytes);
        } catch (CharacterCodingException e) {
            throw new ApiException(Response.Status.BAD_REQUEST, "the body is not valid UTF-8: send text encoded as UTF-8");
        }
    }

    private void checkJson(String raw) {
        try (var parser = mapper.createParser(raw)) {
            while (parser.nextToken() != null) {
                // reading every token proves the whole body is JSON
            }
        } catch (JsonProcessingException e) {
            throw new ApiException(Response.Status.BAD_REQUEST, "the body was sent as application/json but is not valid JSON: "
                    + e.getOriginalMessage() + " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr()
                    + "; send it as text/plain to store it as text");
        } catch (IOException e) {
            throw new ApiException(Response.Status.BAD_REQUEST, "the body could not be read: " + e.getMessage());
        }
    }
}
