package dev.toolspill.tool;

import dev.toolspill.tenant.Caller;
import io.smallrye.mutiny.Uni;

/**
 * Where a tool keeps a part of its answer that cannot be text, such as an upstream MCP server's image: a small JSON
 * object stored as a blob of its own, owned by the caller. Tools know no store; {@code ingest.KeptPartsStore}
 * implements this over the blob store and the tenant's bytes a day.
 */
public interface KeptParts {

    /**
     * Stores {@code json} (one JSON object, UTF-8) for {@code caller}; the tag of the blob ({@code [blob:<id>]}), or
     * a {@link ToolException} that says why it was not kept (no store, the tenant's budget, the store failed).
     */
    Uni<String> keep(byte[] json, Caller caller);
}
