package dev.toolspill.ingest;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.StoreKind;
import dev.toolspill.quota.SharedQuotas;
import dev.toolspill.quota.TenantQuotas;
import dev.toolspill.tenant.Caller;
import dev.toolspill.tool.KeptParts;
import dev.toolspill.tool.ToolException;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * {@link KeptParts} over the blob store: one JSON object blob per part, owned by the caller's tenant and counted
 * against its stored bytes a day (refused past it), as a tool output stored by the pipeline is.
 */
@ApplicationScoped
public class KeptPartsStore implements KeptParts {

    private final BlobStore store;
    private final StoreKind kind;
    private final TenantQuotas quotas;
    private final SharedQuotas shared;

    public KeptPartsStore(BlobStore store, StoreKind kind, TenantQuotas quotas, SharedQuotas shared) {
        this.store = store;
        this.kind = kind;
        this.quotas = quotas;
        this.shared = shared;
    }

    @Override
    public Uni<String> keep(byte[] json, Caller caller) {
        if (!kind.keepsBlobs()) {
            return Uni.createFrom().failure(new ToolException("this service has no blob store"));
        }
        String tenant = TenantQuotas.nameOf(caller.tenant());
        var refused = quotas.store(tenant, json.length);
        if (refused.isPresent()) {
            return Uni.createFrom().failure(new ToolException(refused.get().detail()));
        }
        BlobId id = BlobId.random();
        return store.put(id, BlobFormat.JSON, json, caller.tenant())
                .invoke(stored -> shared.stored(tenant, json.length)) // for every replica when a Redis counts
                .map(stored -> stored.id().tag()) // the tenant's earlier blob when it holds the same bytes
                .onFailure().transform(failure -> {
                    Log.warnf("Could not keep a part of a tool answer (%d bytes) in %s: %s", json.length, store.location(), failure.toString());
                    return new ToolException("the blob store failed", failure);
                });
    }
}
