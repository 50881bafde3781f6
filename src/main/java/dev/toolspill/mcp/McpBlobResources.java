package dev.toolspill.mcp;

import dev.toolspill.blob.BlobNotFoundException;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.tenant.Caller;
import dev.toolspill.tenant.Callers;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.NoBlobStoreException;
import dev.toolspill.blob.StoreKind;
import dev.toolspill.inspect.walk.UnreadablePartException;
import dev.toolspill.inspect.Inspector;
import dev.toolspill.inspect.selector.Selector;
import io.quarkiverse.mcp.server.JsonRpcErrorCodes;
import io.quarkiverse.mcp.server.McpException;
import io.quarkiverse.mcp.server.ResourceResponse;
import io.quarkiverse.mcp.server.ResourceTemplateManager;
import io.quarkiverse.mcp.server.TextResourceContents;
import io.quarkus.logging.Log;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Blobs as MCP resources, by templates (blobs are made at run time and shared by every replica, so none is listed):
 * {@code toolspill://blobs/{id}} reads a blob from its start, and {@code /lines/..}, {@code /slice/..}, {@code /key/..}
 * read a part, exactly as {@code inspect} does and under its limit. Registered only where a blob store exists.
 */
@ApplicationScoped
public class McpBlobResources {

    private static final String TEXT = "text/plain; charset=utf-8";
    private static final String JSON = "application/json";

    private final ResourceTemplateManager manager;
    private final BlobStore store;
    private final StoreKind kind;
    private final Inspector inspector;
    private final Callers callers;

    public McpBlobResources(ResourceTemplateManager manager, BlobStore store, StoreKind kind, Inspector inspector, Callers callers) {
        this.manager = manager;
        this.callers = callers;
        this.store = store;
        this.kind = kind;
        this.inspector = inspector;
    }

    void register(@Observes StartupEvent started) {
        if (!kind.keepsBlobs()) {
            return;
        }
        template("blob", BlobUri.WHOLE, null, "A stored output from its start: whole when it fits the inspect limit, else "
                + "its first part, ending with the inspect selector that reads on.");
        template("blob-lines", BlobUri.LINES, TEXT, "Lines from..to of a text blob, 1-based and inclusive, as stored.");
        template("blob-slice", BlobUri.SLICE, JSON, "Elements from..to-1 of a JSON array blob, 0-based, end exclusive, as a JSON array.");
        template("blob-key", BlobUri.KEY, JSON, "The value of a top-level key of a JSON object blob (the key percent-encoded).");
    }

    private void template(String name, String uri, String mimeType, String description) {
        ResourceTemplateManager.ResourceTemplateDefinition definition = manager.newResourceTemplate(name)
                .setUriTemplate(uri)
                .setDescription(description)
                .setAsyncHandler(arguments -> read(arguments.requestUri().value()));
        if (mimeType != null) {
            definition.setMimeType(mimeType);
        }
        definition.register();
    }

    Uni<ResourceResponse> read(String uri) {
        Caller caller = callers.current();
        return Uni.createFrom().item(() -> BlobUri.parse(uri))
                .flatMap(blob -> blob.selector() == null ? whole(caller, blob) : part(caller, blob))
                .map(contents -> new ResourceResponse(new TextResourceContents(uri, contents.text(), contents.mimeType())))
                .onFailure().transform(McpBlobResources::asMcpError);
    }

    /** The blob from its start; its media type is the blob's unless the limit cut it (a cut one ends with a marker). */
    private Uni<Contents> whole(Caller caller, BlobUri blob) {
        return inspector.first(caller, blob.id()).flatMap(limited -> store.metadata(blob.id())
                .map(metadata -> new Contents(limited.text(), limited.truncated() ? TEXT : metadata.format().mediaType())));
    }

    private Uni<Contents> part(Caller caller, BlobUri blob) {
        boolean json = !(blob.selector() instanceof Selector.Lines);
        return inspector.inspect(caller, blob.id(), blob.selector())
                .map(limited -> new Contents(limited.text(), json && !limited.truncated() ? JSON : TEXT));
    }

    private record Contents(String text, String mimeType) {
    }

    /** A failure as the MCP client should see it: a code and a message that says what would work, never a class name. */
    static McpException asMcpError(Throwable failure) {
        if (failure instanceof McpException mcp) {
            return mcp;
        }
        if (failure instanceof BlobNotFoundException || failure instanceof NoBlobStoreException) {
            return new McpException(failure.getMessage(), JsonRpcErrorCodes.RESOURCE_NOT_FOUND);
        }
        if (failure instanceof IllegalArgumentException) {
            return new McpException(failure.getMessage(), JsonRpcErrorCodes.INVALID_PARAMS);
        }
        if (failure instanceof UnreadablePartException) {
            Log.errorf(failure, "An MCP resource read could not read a part of a blob");
            return new McpException(failure.getMessage(), failure, JsonRpcErrorCodes.INTERNAL_ERROR);
        }
        if (failure instanceof BlobStoreException) {
            Log.warnf(failure, "Blob store failed on an MCP resource read");
            return new McpException("the blob store failed: " + failure.getMessage() + "; retry shortly", failure, JsonRpcErrorCodes.INTERNAL_ERROR);
        }
        Log.errorf(failure, "MCP resource read failed");
        return new McpException("the blob could not be read; retry shortly", failure, JsonRpcErrorCodes.INTERNAL_ERROR);
    }
}
